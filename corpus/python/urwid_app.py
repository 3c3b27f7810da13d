"""A chat-like console on urwid (Debian python3-urwid): a header clock
redrawn every second by the main loop's alarm, a log, an Edit line and a
footer status bar. Enter starts 1.5 s of work done on the event loop (the
clock keeps ticking) while the footer says "working…"; then the answer, the
footer back to "ready". Ground truth from MainLoop.draw_screen: ready after
the first screen drawn once the program waits for keys again."""
import time

import urwid

import truth

armed = ["main"]


class Loop(urwid.MainLoop):
    def draw_screen(self):
        super().draw_screen()
        if armed[0]:
            truth.log("ready", armed[0])
            armed[0] = ""


clock = urwid.Text("")
footer = urwid.Text("ready · enter: send · ctrl-c: quit")
log = urwid.SimpleFocusListWalker([urwid.Text("welcome")])
edit = urwid.Edit("> ")
busy = [False]


def tick(loop, _=None):
    clock.set_text(time.strftime(" corpus chat  %H:%M:%S"))
    loop.set_alarm_in(1, tick)


def answered(loop, line):
    log.append(urwid.Text("answer: %d characters" % len(line)))
    footer.set_text("ready · enter: send · ctrl-c: quit")
    busy[0] = False
    armed[0] = "main"


class Input(urwid.Edit):
    def keypress(self, size, key):
        if busy[0]:
            return None
        if key != "enter":
            return super().keypress(size, key)
        line = self.edit_text
        truth.log("busy", "", line)
        if line == "exit":
            raise urwid.ExitMainLoop()
        self.set_edit_text("")
        log.append(urwid.Text("> " + line))
        footer.set_text("working…")
        busy[0] = True
        loop.set_alarm_in(1.5, lambda lp, _: answered(lp, line))
        return None


edit = Input("> ")
body = urwid.Pile([urwid.BoxAdapter(urwid.ListBox(log), 20), edit], focus_item=1)
frame = urwid.Frame(urwid.Filler(body, valign="top"), header=urwid.AttrMap(clock, "reversed"), footer=footer)
loop = Loop(frame, palette=[("reversed", "standout", "")])
tick(loop)
loop.run()
