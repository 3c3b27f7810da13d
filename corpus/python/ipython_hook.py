"""Ground truth for IPython, run with `ipython -i`: IPython's
prompt_toolkit application's after_render event logs ready once per
prompt (re-armed by post_run_cell); pre_run_cell logs busy."""
import truth

_ip = get_ipython()  # noqa: F821 (IPython's namespace)
_armed = ["main"]


def _rendered(_app):
    if _armed[0]:
        truth.log("ready", _armed[0])
        _armed[0] = ""


_ip.pt_app.app.after_render += _rendered
_ip.events.register("pre_run_cell", lambda info: truth.log("busy", "", info.raw_cell))
_ip.events.register("post_run_cell", lambda result: _armed.__setitem__(0, "main"))
