"""A login-and-upload CLI on click (Debian python3-click): click.prompt for
text, a hidden password with confirmation, a Choice, a progressbar over
silent work, and click.confirm."""
import time

import click
import click.termui

import truth

# click asks through termui's visible and hidden prompt functions (input
# and getpass); wrap both where click calls them.
line = truth.Waiting(click.termui.visible_prompt_func)
secret = truth.Waiting(click.termui.hidden_prompt_func)
click.termui.visible_prompt_func = line
click.termui.hidden_prompt_func = secret


def ask(kind, f, *a, **kw):
    line.kind = secret.kind = kind
    return f(*a, **kw)


@click.command()
def main():
    user = ask("text", click.prompt, "Username")
    ask("password", click.prompt, "Password", hide_input=True, confirmation_prompt=True)
    click.echo("Logging in as %s..." % user)
    time.sleep(1.2)
    ask("question", click.prompt, "Bucket", type=click.Choice(["photos", "backups", "logs"]), default="photos")
    with click.progressbar(range(5), label="Uploading") as bar:
        for i in bar:
            time.sleep([0.3, 0.9, 0.2, 0.6, 0.3][i])
    if ask("question", click.confirm, "Delete local copies?"):
        click.echo("deleted")
    click.echo("done")


main()
