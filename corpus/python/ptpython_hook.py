"""Ground truth for ptpython 3.0 (a prompt_toolkit REPL with a toolbar),
run through ptpython.repl.embed: the application's after_render event logs
ready once the prompt (or the exit question, "Do you really want to
exit?") is drawn while ptpython reads; the line's return from read, or a
key that answers the question, logs busy. strace cannot tell: asyncio
waits in epoll, whose file descriptors the trace does not show."""
import builtins

import truth
from ptpython.repl import embed

_state = {"reading": False, "logged": "", "lines": 0, "answered": False}  # logged: "main", "question" or "busy"


def _configure(repl):
    app = repl.app
    read = repl.read

    def rendered(_app):
        if not _state["reading"]:
            return
        want = "question" if repl.show_exit_confirmation else "main"
        if want == "question" and _state["answered"]:
            return  # the frame drawn as the answer is taken, before exit
        if _state["logged"] == want:
            return
        if _state["logged"] not in ("", "busy"):
            truth.log("busy", "", "the prompt changed to " + want)
        truth.log("ready", want)
        _state["logged"] = want

    def key(_processor):
        if _state["logged"] == "question":
            truth.log("busy", "", "answered the exit question")
            _state["logged"], _state["answered"] = "busy", True

    def traced_read():
        _state["reading"], _state["answered"] = True, False
        try:
            return read()
        finally:
            _state["reading"] = False
            truth.log("busy", "", "read a line")
            _state["logged"] = "busy"

    def edited(buf):
        # Enter that opens a continuation line (a def's body) takes the
        # line without returning it: busy until the new line is drawn.
        lines = buf.text.count("\n")
        if lines > _state["lines"] and _state["logged"] == "main":
            truth.log("busy", "", "a continuation line")
            _state["logged"] = "busy"
        _state["lines"] = lines

    app.after_render += rendered
    repl.default_buffer.on_text_changed += edited
    app.key_processor.before_key_press += key
    repl.read = traced_read


embed(globals={"__name__": "__main__", "__builtins__": builtins}, configure=_configure)
