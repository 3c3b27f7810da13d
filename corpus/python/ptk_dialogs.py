"""Full-screen dialogs of prompt_toolkit's shortcuts, as installers use
them: yes_no_dialog (buttons Yes and No), button_dialog with three
buttons, and checkboxlist_dialog (Ok and Cancel), with silent work
between. Ground truth: each dialog's Application after_render event."""
import time

from prompt_toolkit.shortcuts import button_dialog, checkboxlist_dialog, yes_no_dialog

import truth


def run(app, kind="question"):
    armed = [True]

    def rendered(_app):
        if armed[0]:
            armed[0] = False
            truth.log("ready", kind)

    app.after_render += rendered
    v = app.run()
    truth.log("busy", "", repr(v))
    return v


run(yes_no_dialog(title="Install", text="Install corpus-tool 2.1 to /opt?"))
time.sleep(0.7)
run(button_dialog(title="Conflict", text="config.toml exists.", buttons=[("Keep", 1), ("Replace", 2), ("Diff", 3)]))
run(checkboxlist_dialog(title="Components", text="Pick the components",
                        values=[("core", "core"), ("docs", "documentation"), ("tests", "test suite")]))
print("installed")
