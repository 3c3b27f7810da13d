"""A set-up CLI on rich (Debian python3-rich): Prompt.ask, Prompt.ask with
choices, a password, console.status (a spinner over 1.6 s of silent work),
a Progress bar that stalls up to 1.4 s, IntPrompt and Confirm."""
import getpass
import time

import rich.console
from rich.console import Console
from rich.progress import Progress
from rich.prompt import Confirm, IntPrompt, Prompt

import truth

# rich asks through the builtin input() and getpass (imported into
# rich.console): wrap both where rich calls them.
line = truth.Waiting(input)
secret = truth.Waiting(getpass.getpass)
rich.console.input = line
rich.console.getpass = secret


def ask(kind, f, *a, **kw):
    line.kind = secret.kind = kind
    return f(*a, **kw)


console = Console()
name = ask("text", Prompt.ask, "[bold]Project name[/bold]", default="demo")
ask("question", Prompt.ask, "Licence", choices=["mit", "apache", "gpl"], default="mit")
ask("password", Prompt.ask, "API token", password=True)
with console.status("Resolving dependencies…"):
    time.sleep(1.6)
console.print("[green]✓[/green] resolved 12 packages")
with Progress() as progress:
    task = progress.add_task("Downloading", total=6)
    for stall in [0.1, 0.5, 0.1, 1.4, 0.2, 0.3]:
        time.sleep(stall)
        progress.advance(task)
ask("text", IntPrompt.ask, "Workers", default=4)
ask("question", Confirm.ask, "Start %s now?" % name)
console.print("bye")
