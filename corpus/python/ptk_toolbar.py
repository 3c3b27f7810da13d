"""prompt_toolkit PromptSession with a bottom toolbar clock redrawn every
second (refresh_interval=1), as shells and REPLs built on it show status.
Each turn: silent work of 1.2 s, then an answer; "exit" ends."""
import time

from prompt_toolkit import PromptSession

from truth import ptk_prompt


def toolbar():
    return " %s  |  ttyrig corpus" % time.strftime("%H:%M:%S")


session = PromptSession(bottom_toolbar=toolbar, refresh_interval=1)
while True:
    line = ptk_prompt(session, "db> ")
    if line == "exit":
        break
    time.sleep(1.2)
    print("result: %d rows" % len(line))
