"""A menu on the standard library's curses, the way curses programs loop:
getch with a timeout (stdscr.timeout(100)) so the loop can do its own
housekeeping, the selected item drawn in reverse video and no glyph.
Enter runs the item (0.8 s of silent work, "working…" in the status
line); q quits. Ground truth: after stdscr.refresh() once the program
goes back to waiting for keys."""
import curses
import time

import truth

ITEMS = ["Backup now", "Restore a file", "Show last log", "Settings"]


def main(stdscr):
    curses.curs_set(0)
    stdscr.timeout(100)
    sel, status, armed = 0, "ready", "question"
    while True:
        stdscr.erase()
        stdscr.addstr(0, 0, " backup tool ", curses.A_BOLD)
        for i, item in enumerate(ITEMS):
            stdscr.addstr(2 + i, 2, item, curses.A_REVERSE if i == sel else curses.A_NORMAL)
        stdscr.addstr(8, 0, status)
        stdscr.refresh()
        if armed:
            truth.log("ready", armed)
            armed = ""
        ch = stdscr.getch()
        if ch == -1:
            continue  # the timeout: housekeeping would go here
        if ch == curses.KEY_DOWN:
            sel = (sel + 1) % len(ITEMS)
        elif ch == curses.KEY_UP:
            sel = (sel - 1) % len(ITEMS)
        elif ch in (10, 13, curses.KEY_ENTER):
            truth.log("busy", "", ITEMS[sel])
            stdscr.addstr(8, 0, "working…" + " " * 20)
            stdscr.refresh()
            time.sleep(0.8)
            status, armed = ITEMS[sel] + ": done", "question"
        elif ch == ord("q"):
            truth.log("busy", "", "q")
            return


curses.wrapper(main)
