# prompt_toolkit prompt with a bottom toolbar clock refreshed every second.
# Ground truth: the first render after each prompt() starts is "ready".
import os, time
from prompt_toolkit import PromptSession

def log(ev):
    with open(os.environ["LOG"], "a") as f:
        f.write(f"{time.time_ns()} {ev}\n")

pending = [True]
def after_render(app):
    if pending[0]:
        pending[0] = False
        log("ready")

s = PromptSession(bottom_toolbar=lambda: time.strftime(" %H:%M:%S "), refresh_interval=1)
s.app.after_render += after_render
while True:
    pending[0] = True
    try:
        text = s.prompt("> ")
    except (EOFError, KeyboardInterrupt):
        break
    time.sleep(0.4)
    print("you said", text)
