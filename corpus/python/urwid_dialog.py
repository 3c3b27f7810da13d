"""Dialogs on urwid (Debian python3-urwid 2.1.2) as its users build them:
a RadioButton group and a CheckBox in a LineBox, then an Overlay asking
"Apply 2 changes?" with < Yes > and < No > buttons side by side; Yes
applies silently (0.8 s, "applying…" in the footer) and says so with an
< OK > button. Ground truth: MainLoop.draw_screen, ready after the first
screen drawn once the program waits for keys again; a question names the
choices it draws ("question:3": the focused RadioButton group's three)."""
import urwid

import truth

armed = [""]


def asks(choices):
    """The hook's kind for a question that draws these choices."""
    return "question:%d" % len(choices)


class Loop(urwid.MainLoop):
    def draw_screen(self):
        super().draw_screen()
        if armed[0]:
            truth.log("ready", armed[0])
            armed[0] = ""


footer = urwid.Text("tab: move · enter: choose")
group = []
radios = [urwid.RadioButton(group, label) for label in ("stable", "testing", "unstable")]
check = urwid.CheckBox("enable backports")


def done(_btn=None):
    truth.log("busy", "", "ok")
    raise urwid.ExitMainLoop()


def applied(loop, _=None):
    footer.set_text("applied")
    ok = urwid.Button("OK", on_press=done)
    loop.widget = urwid.Overlay(urwid.LineBox(urwid.Pile([urwid.Text("2 changes applied."), urwid.Padding(ok, "center", 6)]), title="done"),
                                main, "center", 30, "middle", None)
    armed[0] = asks([ok])


def answer(btn):
    truth.log("busy", "", btn.label)
    if btn.label == "No":
        raise urwid.ExitMainLoop()
    footer.set_text("applying…")
    loop.widget = main
    loop.set_alarm_in(0.8, applied)


def confirm(_btn):
    truth.log("busy", "", "apply")
    choices = [urwid.Button("Yes", on_press=answer), urwid.Button("No", on_press=answer)]
    buttons = urwid.Columns(choices, dividechars=3)
    loop.widget = urwid.Overlay(urwid.LineBox(urwid.Pile([urwid.Text("Apply 2 changes?"), urwid.Padding(buttons, "center", 20)]), title="confirm"),
                                main, "center", 34, "middle", None)
    armed[0] = asks(choices)


body = urwid.Pile(radios + [urwid.Divider(), check, urwid.Divider(), urwid.Padding(urwid.Button("Apply", on_press=confirm), width=9)])
main = urwid.Frame(urwid.Filler(urwid.LineBox(body, title="apt sources"), valign="top"), footer=footer)
loop = Loop(main)
armed[0] = asks(radios)  # the first screen: the focus on the group
loop.run()
