package screen

// WriteBudget is how many cell updates one write may ask of the emulator
// before a live terminal cuts it (Cut): about 40 ms of x/vt's work (it
// moves a cell in about 10 ns), so a 256 KiB batch of an agent-like flood
// stays one write (`-bench Flood ./termtest`: half the budget cut it in
// two, and the flood path lost ~4%). x/vt scrolls by moving every cell of the
// scroll region, so a line feed at the bottom of a 500×300 screen costs
// 150,000 cells (1.2 ms): 64 KiB of "x\n" took 41 s in one write, and
// every wait on the screen waited with it.
const WriteBudget = 1 << 22

// Cut returns how much of p to write at once for the write to stay within
// WriteBudget: all of p when it fits, else a prefix (at least one
// character) ending on a character boundary. The cost is estimated from
// the bytes alone, as if p began outside any escape sequence: each
// printable byte a cell, each operation that may move or clear the whole
// screen (line feeds, index, erase in display, insert and delete lines,
// scrolls, the alternate screen, reset, alignment test) a screen, a
// repeat (REP) as much as a write lets it print,
// each that may move a line (erase and insert characters, mode changes) a
// line. A sequence split between two writes is misjudged at most once,
// by one screen, and only ever as dearer than it is where it begins mid-string.
//
// Cutting changes nothing the screen ends up showing (the emulator parses
// a stream); a live terminal cuts each batch it reads, so the session's
// lock is let go between the pieces, and records the pieces, so a replay
// applies what the live session applied.
func (s *Screen) Cut(p []byte) int {
	s.mu.Lock()
	cols, rows := s.cols, len(s.rows)
	s.mu.Unlock()
	return cut(p, cols, rows, WriteBudget)
}

// States of cut's scan.
const (
	cutGround = iota
	cutEsc
	cutCSI
	cutString
)

// cut is Cut for a cols×rows screen and a budget in cells.
func cut(p []byte, cols, rows, budget int) int {
	screenCost, lineCost := max(cols*rows, 1), max(cols, 1)
	cost, state := 0, cutGround
	csiPrivate, param, dear := false, 0, false // the CSI being scanned
	for i := 0; i < len(p); i++ {
		b := p[i]
		c := 1
		switch state {
		case cutGround:
			switch {
			case b == '\n' || b == '\v' || b == '\f':
				c = screenCost
			case b == 0x1b:
				state = cutEsc
			case b == 0x84 || b == 0x85 || b == 0x8d:
				c = screenCost // C1 IND, NEL, RI outside a character
			case b == 0x9b:
				state, csiPrivate, param, dear = cutCSI, false, 0, false
			case b == 0x90 || b == 0x98 || b == 0x9d || b == 0x9e || b == 0x9f:
				state = cutString
			case b >= 0xc0:
				// The character's continuation bytes go with it (only
				// those: a lead byte never hides a line feed).
				for n := utf8Continuations(b); n > 0 && i+1 < len(p) && p[i+1]&0xc0 == 0x80; n-- {
					i++
				}
			}
		case cutEsc:
			state = cutGround
			switch b {
			case '[':
				state, csiPrivate, param, dear = cutCSI, false, 0, false
			case ']', 'P', 'X', '^', '_':
				state = cutString
			case 'D', 'E', 'M', 'c', '#':
				c = screenCost // IND, NEL, RI, RIS, DECALN
			case 0x1b:
				state = cutEsc
			}
		case cutCSI:
			switch {
			case b >= '0' && b <= '9':
				param = min(param*10+int(b-'0'), 1<<20)
			case b == ';' || b == ':':
				dear = dear || altParam(param)
				param = 0
			case b == '?':
				csiPrivate = true
			case b >= 0x40 && b <= 0x7e:
				state = cutGround
				switch b {
				case 'J', 'L', 'M', 'S', 'T', 'r':
					c = screenCost
				case 'b':
					c = repBudget * screenCost // REP: as many as a write allows
				case 'h', 'l':
					if csiPrivate && (dear || altParam(param)) {
						c = screenCost // the alternate screen, column mode
					} else {
						c = lineCost
					}
				case 'K', '@', 'P', 'X':
					c = lineCost
				}
			case b == 0x1b:
				state = cutEsc
			}
		case cutString:
			switch b {
			case 0x07, 0x18, 0x1a:
				state = cutGround
			case 0x1b:
				state = cutEsc
			}
		}
		if cost += c; cost > budget {
			return boundary(p, i)
		}
	}
	return len(p)
}

// boundary returns where to cut p at or before i, on a character
// boundary, keeping at least the first character.
func boundary(p []byte, i int) int {
	n := i
	for n > 0 && p[n]&0xc0 == 0x80 {
		n--
	}
	if n > 0 {
		return n
	}
	n = 1 // p[i] alone is over the budget: it goes alone, with its character
	for n < len(p) && p[n]&0xc0 == 0x80 {
		n++
	}
	return n
}

// altParam reports whether a private mode number switches the screen
// buffer (47, 1047, 1049) or the column mode (3): each clears or redraws
// the whole screen.
func altParam(n int) bool { return n == 47 || n == 1047 || n == 1049 || n == 3 }
