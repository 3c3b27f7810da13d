"""A plain prompt_toolkit REPL (completion menu available, no toolbar).
Each turn: a burst of output lines written over 1 s, then the prompt."""
import time

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import WordCompleter

from truth import ptk_prompt

session = PromptSession(completer=WordCompleter(["select", "insert", "update", "delete"]))
while True:
    line = ptk_prompt(session, "sql> ")
    if line == "exit":
        break
    for i in range(5):
        print("row %d: %s" % (i, line))
        time.sleep(0.2)
