"""prompt_toolkit's confirm ("… (y/n) ") and a prompt with a default and
a completer, with silent work between, as small CLIs ask."""
import time

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import WordCompleter
from prompt_toolkit.shortcuts.prompt import create_confirm_session

import truth


def confirmed(message):
    """confirm(message), which is create_confirm_session(message).prompt(),
    with the session's after_render event as the hook."""
    session = create_confirm_session(message)
    armed = [True]

    def rendered(_app):
        if armed[0]:
            armed[0] = False
            truth.log("ready", "question")

    session.app.after_render += rendered
    v = session.prompt()
    truth.log("busy", "", repr(v))
    return v


confirmed("Delete 3 stale branches?")
time.sleep(0.8)
truth.ptk_prompt(PromptSession(), "Remote to prune: ", kind="text", default="origin",
                 completer=WordCompleter(["origin", "upstream", "fork"]))
time.sleep(0.5)
confirmed("Prune origin too?")
print("done")
