package screen

import (
	"fmt"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/vt"

	"github.com/ttyrig/ttyrig/asciicast"
)

// The largest screen a Screen emulates. Memory grows with cols×rows (x/vt
// keeps two buffers of about 120 bytes a cell; 1000×500 took 116 MiB), so
// the limits keep the largest screen near 35 MiB, built in about 40 ms; a
// 4K monitor with an 8-pixel font shows 480×135. They are the recordings'
// limits (asciicast.MaxCols, asciicast.MaxRows): whatever reads, replays.
const (
	MaxCols = asciicast.MaxCols
	MaxRows = asciicast.MaxRows
)

// CheckSize reports whether cols×rows is a size a Screen emulates as asked:
// both at least 1, cols at most MaxCols and rows at most MaxRows. Callers
// that take a size from users (options, recording headers, flags) check it
// here so the error names the field and the limit; New and Resize clamp
// what they are given instead of failing.
func CheckSize(cols, rows int) error {
	switch {
	case cols < 1 || cols > MaxCols:
		return fmt.Errorf("screen: %d columns is out of range (1 to %d)", cols, MaxCols)
	case rows < 1 || rows > MaxRows:
		return fmt.Errorf("screen: %d rows is out of range (1 to %d)", rows, MaxRows)
	}
	return nil
}

// clampSize brings a size into the range CheckSize accepts.
func clampSize(cols, rows int) (int, int) {
	return min(max(cols, 1), MaxCols), min(max(rows, 1), MaxRows)
}

// repBudget is how many characters REP may print per screen cell in one
// WriteAt (see boundCounts). Four screens' worth covers any program that
// draws with REP; more in one read is a flood, drawn approximately.
const repBudget = 4

// repFlood is how many characters a REP past the budget prints: "ESC [ n b"
// is at least four bytes.
const repFlood = 4

// boundCounts registers handlers that clamp the count parameter of
// sequences x/vt carries out in time proportional to the count
// (REP prints n characters, ECH, CHT and CBT loop n times, SU and SD push
// lines to the scrollback), and of the other sequences whose count cannot
// have an effect larger than the screen. `printf 'x\e[2000000000b'` took six
// minutes before; now no sequence costs more than redrawing the screen.
//
// They run before x/vt's own handlers (handlers registered later run first)
// and change the parameter in place, then let x/vt's handler run with it.
func (b *binding) boundCounts() {
	e := b.e
	width := func() int { return e.Width() }
	height := func() int { return e.Height() }
	both := func() int { return max(e.Width(), e.Height()) }
	for final, limit := range map[byte]func() int{
		'@': width, 'P': width, 'X': width, // ICH, DCH, ECH
		'I': width, 'Z': width, // CHT, CBT
		'C': width, 'D': width, 'G': width, 'a': width, '`': width, // CUF, CUB, CHA, HPR, HPA
		'A': height, 'B': height, 'E': height, 'F': height, 'd': height, 'e': height, // CUU, CUD, CNL, CPL, VPA, VPR
		'L': height, 'M': height, 'S': height, 'T': height, // IL, DL, SU, SD
		'H': both, 'f': both, // CUP, HVP
	} {
		e.RegisterCsiHandler(int(final), func(params ansi.Params) bool {
			n := limit() + 1
			for i := range params {
				clampParam(&params[i], n)
			}
			return false
		})
	}
	clampMargins(e)
	e.RegisterCsiHandler('b', func(params ansi.Params) bool {
		if len(params) > 0 {
			b.s.boundRepeat(&params[0])
		}
		return false
	})
}

// clampMargins registers handlers that take margins past the screen's edge
// (DECSTBM, DECSLRM) as at it, as xterm does: x/vt keeps them, and the next
// scroll indexed past its rows and panicked (`\e[1;100r\e[S` on 30 rows).
func clampMargins(e *vt.Emulator) {
	for final, limit := range map[byte]func() int{'r': e.Height, 's': e.Width} {
		e.RegisterCsiHandler(int(final), func(params ansi.Params) bool {
			n := limit()
			for i := range params {
				clampParam(&params[i], n)
			}
			return false
		})
	}
}

// boundRepeat clamps REP's count. Once cols×(rows+1) characters have been
// printed the screen is full of the character (it scrolled), and every
// further cols characters leave it as it was; so a count above that is
// reduced to the smallest with the same remainder, and the screen is the
// same (exactly so for single-width characters without left/right margins).
// Past the write's budget (repBudget screens) each REP prints at most
// repFlood characters, no more than the bytes it took to send, so a flood
// of REPs costs no more per byte than a flood of text; the screen is then
// approximate (a real terminal would take minutes to draw it exactly).
func (s *Screen) boundRepeat(p *ansi.Param) {
	n := p.Param(1)
	cols, rows := s.emu.Width(), s.emu.Height()
	if full := cols * (rows + 1); n > full {
		n = full + (n-full)%cols
	}
	if s.repLeft <= 0 {
		n = min(n, repFlood)
	}
	s.repLeft -= n
	setParam(p, n)
}

// clampParam lowers p to at most limit, keeping its sub-parameter flag.
func clampParam(p *ansi.Param, limit int) {
	if v := p.Param(-1); v > limit {
		setParam(p, limit)
	}
}

func setParam(p *ansi.Param, v int) {
	*p = ansi.Param(ansi.Parameter(v, p.HasMore()))
}
