package corpus

import (
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/ttyrig/ttyrig/screen"
)

// The screen the truth replays. strace prints each write whole (-s, below),
// so the truth can feed the main process's writes to the terminal through
// an emulator of the scenario's size and tell a redraw of the same screen
// from a change: curses programs that wake on their poll's timeout redraw a
// window they have nothing new for (visidata's `overwrite?` erases the
// window's rows and draws them again, the same, every 100 ms, in several
// writes). drawsNothing reads one write's bytes; this compares the screen
// at a terminal wait with the screen at the next one, so a refresh that
// erases in one write and draws back in the next is nothing too.
//
// The screen is known only while the emulator saw every byte that reached
// the terminal: once another process wrote to its standard output or error
// (a child's output, which may be the terminal or a pipe: the trace does
// not say), or a write was printed cut short, the screen is unknown from
// there on and no refresh is taken as nothing by it.

// straceStrings is strace's -s: the longest string printed whole. Longer
// writes are cut and make the screen unknown.
const straceStrings = 1 << 18

// waitScreens says, for each terminal wait of the main process, what the
// screen showed when it began.
type waitScreens struct {
	at    map[int]screen.Snapshot // index of the call → the screen at its entry; absent: unknown
	waits []int                   // the indexes of the terminal waits, in order
}

// next returns the index of the first terminal wait after call i, -1 if
// none.
func (ws waitScreens) next(i int) int {
	k := sort.SearchInts(ws.waits, i+1)
	if k == len(ws.waits) {
		return -1
	}
	return ws.waits[k]
}

// replayScreens feeds the main process's terminal writes through an
// emulator of cols × rows and notes the screen at each terminal wait's
// entry. With no size it notes nothing.
func replayScreens(calls []syscall, main int, cols, rows int) waitScreens {
	ws := waitScreens{at: map[int]screen.Snapshot{}}
	if cols <= 0 || rows <= 0 {
		return ws
	}
	scr := screen.New(cols, rows)
	defer scr.Close()
	tty := map[int]bool{0: true}
	known := true
	for i := range calls {
		c := &calls[i]
		if c.pid == main && trackFd(c, tty) {
			continue // the terminal's fds as straceMarks follows them (strace_fds.go)
		}
		if c.name == "writev" && known {
			// Not replayed (its iovecs are not parsed): a writev to the
			// terminal, or a child's to its output, leaves the screen unknown.
			if fm := reFdFirst.FindStringSubmatch(c.args); fm != nil {
				if fd, _ := strconv.Atoi(fm[1]); fd == 1 || fd == 2 || c.pid == main && tty[fd] {
					known = false
				}
			}
			continue
		}
		if c.name == "write" && known {
			m := reWritten.FindStringSubmatch(c.args)
			fd := -1
			if m != nil {
				fd, _ = strconv.Atoi(m[1])
			} else if fm := reFdFirst.FindStringSubmatch(c.args); fm != nil {
				fd, _ = strconv.Atoi(fm[1])
			}
			switch {
			case c.pid != main && (fd == 1 || fd == 2):
				known = false // a child's output, to the terminal or not
			case c.pid != main || !tty[fd] && fd != 1 && fd != 2:
			case m == nil || m[3] != "":
				known = false // cut short: its tail is not in the trace
			default:
				b, ok := unquoteStrace(m[2])
				if !ok {
					known = false
					break
				}
				// Only what the program wrote counts; a write strace saw
				// return less wrote less.
				if n, err := strconv.Atoi(strings.Fields(c.result + " ")[0]); err == nil && n >= 0 && n < len(b) {
					b = b[:n]
				}
				scr.WriteAt(time.Time{}, b)
			}
			continue
		}
		if c.pid == main && waitsOnTTY(c, tty) {
			ws.waits = append(ws.waits, i)
			if known {
				ws.at[i] = scr.Snapshot()
			}
		}
	}
	return ws
}

// same reports whether the screens at the entries of the terminal waits
// at indexes a and b are known and show the same: every cell, the
// cursor's visibility, the title and which screen. The cursor's position
// may differ (drawsNothing lets a refresh park it anywhere).
func (ws waitScreens) same(a, b int) bool {
	sa, ok := ws.at[a]
	if !ok {
		return false
	}
	sb, ok := ws.at[b]
	if !ok {
		return false
	}
	ca, ra := sa.Size()
	cb, rb := sb.Size()
	if ca != cb || ra != rb || sa.CursorVisible() != sb.CursorVisible() || sa.AltScreen() != sb.AltScreen() || sa.Title() != sb.Title() {
		return false
	}
	for r := 1; r <= ra; r++ {
		if !sa.SameRow(sb, r) {
			return false
		}
	}
	return true
}
