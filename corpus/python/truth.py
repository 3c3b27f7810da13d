"""Ground truth for the corpus scenarios: one JSON line per state change in
the side log named by TTYRIG_FIXTURE_LOG (the fixtures' convention), stamped
with the wall clock at the moment the program has rendered its prompt and
awaits input ("ready") or has accepted input and started work ("busy").
The readiness engine never reads this file."""
import atexit
import json
import os
import sys
import time

_path = os.environ.get("TTYRIG_FIXTURE_LOG")
_fd = os.open(_path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644) if _path else -1
_name = os.path.splitext(os.path.basename(sys.argv[0]))[0]


def log(event, prompt="", text=""):
    if _fd < 0:
        return
    rec = {"event": event, "t": time.time_ns(), "fixture": _name}
    if prompt:
        rec["prompt"] = prompt
    if text:
        rec["text"] = text
    os.write(_fd, (json.dumps(rec) + "\n").encode())


def ask_line(prompt, kind="main"):
    """input() with the prompt written and flushed first, so "ready" is
    logged after the prompt is on the terminal and just before the read."""
    sys.stdout.write(prompt)
    sys.stdout.flush()
    log("ready", kind)
    line = input()
    log("busy", "", line)
    return line


def ptk_prompt(session, message, kind="main", **kw):
    """PromptSession.prompt with "ready" logged by prompt_toolkit's own
    after_render event: the first render of this prompt is on the terminal
    and the application waits for keys."""
    armed = [True]

    def rendered(_app):
        if armed[0]:
            armed[0] = False
            log("ready", kind)

    session.app.after_render += rendered
    try:
        line = session.prompt(message, **kw)
    finally:
        session.app.after_render -= rendered
    log("busy", "", line)
    return line


class Waiting:
    """Wraps a function that blocks reading a line from the terminal (the
    builtin input, getpass) as a library calls it: the library has written
    its prompt; the wrapper flushes, logs ready with the kind set by expect,
    calls the real function (which writes the prompt text it was given, if
    any, first: the wrapper writes it itself so the log follows it) and logs
    busy with the answer."""

    def __init__(self, real):
        self.real = real
        self.kind = "main"

    def __call__(self, prompt="", *a, **kw):
        if prompt:
            sys.stdout.write(prompt)
        sys.stdout.flush()
        log("ready", self.kind)
        line = self.real("", *a, **kw)
        log("busy", "", "***" if "getpass" in self.real.__name__ else line)
        return line


log("start")
atexit.register(lambda: log("exit"))
