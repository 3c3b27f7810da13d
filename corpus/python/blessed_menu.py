"""A menu on jquast's blessed (Debian python3-blessed 1.19.1) the way its
documentation loops: full screen in cbreak mode, term.inkey(timeout=0.5)
so the loop can refresh a clock in the corner, the selected line drawn
in reverse video, no glyph. Enter runs the item (0.9 s of silent work,
"syncing…" in the status line); q quits. Ground truth: after the frame
is flushed and the loop goes back to inkey."""
import sys
import time

from blessed import Terminal

import truth

ITEMS = ["Sync mail", "Sync calendar", "Sync contacts"]
term = Terminal()


def draw(sel, status):
    out = [term.home + term.clear, term.bold("sync tool") + term.move_x(term.width - 10) + time.strftime("%H:%M:%S")]
    for i, item in enumerate(ITEMS):
        line = "  " + item
        out.append(term.move_xy(0, 2 + i) + (term.reverse(line) if i == sel else line))
    out.append(term.move_xy(0, 7) + status)
    sys.stdout.write("".join(out))
    sys.stdout.flush()


with term.fullscreen(), term.cbreak(), term.hidden_cursor():
    sel, status, armed = 0, "ready", "question"
    while True:
        draw(sel, status)
        if armed:
            truth.log("ready", armed)
            armed = ""
        key = term.inkey(timeout=0.5)
        if not key:
            continue  # the clock
        if key.code == term.KEY_DOWN:
            sel = (sel + 1) % len(ITEMS)
        elif key.code == term.KEY_UP:
            sel = (sel - 1) % len(ITEMS)
        elif key.code == term.KEY_ENTER:
            truth.log("busy", "", ITEMS[sel])
            sys.stdout.write(term.move_xy(0, 7) + term.clear_eol + "syncing…")
            sys.stdout.flush()
            time.sleep(0.9)
            status, armed = ITEMS[sel] + ": 12 new", "question"
        elif key == "q":
            truth.log("busy", "", "q")
            break
