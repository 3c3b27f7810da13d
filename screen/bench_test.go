package screen_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/vt"

	"github.com/ttyrig/ttyrig/screen"
)

// mixedStream is about 1 MiB of output shaped like an agent CLI's: coloured
// log lines, a spinner line repainted in place inside synchronized updates,
// a status box redrawn with cursor moves, long wrapping lines and UTF-8 (CJK,
// box drawing, braille spinner glyphs). It is deterministic.
func mixedStream(cols, rows int) []byte {
	rng := rand.New(rand.NewPCG(1, 2))
	spinner := []string{"⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"}
	words := []string{"compile", "résumé", "テスト", "build", "naïve", "模块", "lint", "ok", "→", "✔"}
	var b bytes.Buffer
	// Log lines scroll in the top region; the spinner and the input box
	// stay in the rows below it.
	fmt.Fprintf(&b, "\x1b[1;%dr", rows-5)
	for n := 0; b.Len() < 1<<20; n++ {
		fmt.Fprintf(&b, "\x1b[%d;1H", rows-5)
		for i := range 12 { // coloured log lines, scrolling the region
			fmt.Fprintf(&b, "\x1b[32m✔\x1b[0m \x1b[1mstep %d.%d\x1b[22m:", n, i)
			for range 3 + rng.IntN(8) {
				fmt.Fprintf(&b, " \x1b[38;5;%dm%s\x1b[39m", rng.IntN(256), words[rng.IntN(len(words))])
			}
			fmt.Fprintf(&b, " in \x1b[38;2;%d;%d;%dm%dms\x1b[m\r\n", rng.IntN(256), rng.IntN(256), rng.IntN(256), rng.IntN(999))
		}
		for i := range 24 { // spinner repaint on the line above the box
			fmt.Fprintf(&b, "\x1b[?2026h\x1b[%d;1H\x1b[2K\x1b[38;2;215;119;87m%s\x1b[39m Thinking… (%ds · ↓ %d tokens)\x1b[?2026l",
				rows-4, spinner[i%len(spinner)], n, n*24+i)
		}
		// A long line that wraps over several rows of the region.
		fmt.Fprintf(&b, "\x1b[%d;1H%s\r\n", rows-5, strings.Repeat("lorem ipsum 日本語のテキスト dolor ", 8))
		// The input box at the bottom, drawn with absolute moves.
		fmt.Fprintf(&b, "\x1b[%d;1H╭%s╮\x1b[%d;1H│ \x1b[1m>\x1b[22m %-*s│\x1b[%d;1H╰%s╯\x1b[%d;5H",
			rows-2, strings.Repeat("─", cols-2), rows-1, cols-5, "type here", rows, strings.Repeat("─", cols-2), rows-1)
	}
	return b.Bytes()
}

// repaintStream is about 1 MiB of an idle-busy agent screen: the bottom
// rows erased and redrawn every frame as Ink-based CLIs do, inside
// synchronized updates, with only the spinner, a timer and a token count
// changing, and a transcript line added now and then.
func repaintStream(cols, rows int) []byte {
	spinner := []string{"✢", "✳", "✶", "✻", "✽"}
	var b bytes.Buffer
	for n := 0; b.Len() < 1<<20; n++ {
		b.WriteString("\x1b[?2026h")
		b.WriteString(strings.Repeat("\x1b[2K\x1b[1A", 6) + "\x1b[2K\r") // erase the last frame
		if n%40 == 0 {
			fmt.Fprintf(&b, "\x1b[1m⏺\x1b[22m Read \x1b[36msrc/file%d.go\x1b[39m (%d lines)\r\n\r\n", n, n*7%400)
		}
		fmt.Fprintf(&b, "\x1b[38;2;215;119;87m%s\x1b[39m Cogitating… \x1b[2m(%ds · ↓ %d tokens · esc to interrupt)\x1b[22m\r\n\r\n",
			spinner[n%len(spinner)], n/10, n*3)
		fmt.Fprintf(&b, "\x1b[2m╭%s╮\x1b[22m\r\n", strings.Repeat("─", cols-2))
		fmt.Fprintf(&b, "\x1b[2m│\x1b[22m > %-*s\x1b[2m│\x1b[22m\r\n", cols-5, "")
		fmt.Fprintf(&b, "\x1b[2m╰%s╯\x1b[22m\r\n", strings.Repeat("─", cols-2))
		fmt.Fprintf(&b, "  \x1b[2m? for shortcuts\x1b[22m%*s\r\n", cols-20, "")
		b.WriteString("\x1b[?2026l")
	}
	return b.Bytes()
}

func chunks(p []byte, size int) [][]byte {
	var out [][]byte
	for len(p) > size {
		out = append(out, p[:size])
		p = p[size:]
	}
	return append(out, p)
}

// BenchmarkThroughput feeds the same stream, in 4 KiB chunks as a PTY read
// gives them, to a raw vt.Emulator and to a screen.Screen (taking a
// Snapshot after each chunk, as termtest's read loop does). The two take
// turns chunk by chunk, so a busy machine slows both alike, and the
// reported overhead is the median of the iterations' ratios.
func BenchmarkThroughput(b *testing.B) {
	const cols, rows = 100, 30
	b.Run("mixed", func(b *testing.B) { benchThroughput(b, cols, rows, mixedStream(cols, rows)) })
	b.Run("repaint", func(b *testing.B) { benchThroughput(b, cols, rows, repaintStream(cols, rows)) })
}

func benchThroughput(b *testing.B, cols, rows int, data []byte) {
	parts := chunks(data, 4096)
	var vtTotal, scrTotal time.Duration
	ratios := make([]float64, 0, b.N)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		emu := vt.NewEmulator(cols, rows)
		s := screen.New(cols, rows)
		var vtTime, scrTime time.Duration
		for i, p := range parts {
			t0 := time.Now()
			if i%2 == 0 { // alternate which goes first
				_, _ = emu.Write(p)
			} else {
				s.WriteAt(t0, p)
				_ = s.Snapshot()
			}
			t1 := time.Now()
			if i%2 == 0 {
				s.WriteAt(t1, p)
				_ = s.Snapshot()
			} else {
				_, _ = emu.Write(p)
			}
			t2 := time.Now()
			if i%2 == 0 {
				vtTime += t1.Sub(t0)
				scrTime += t2.Sub(t1)
			} else {
				scrTime += t1.Sub(t0)
				vtTime += t2.Sub(t1)
			}
		}
		s.Close()
		vtTotal += vtTime
		scrTotal += scrTime
		ratios = append(ratios, scrTime.Seconds()/vtTime.Seconds())
	}
	b.StopTimer()
	slices.Sort(ratios)
	mb := float64(len(data)) * float64(b.N) / 1e6
	b.ReportMetric(mb/vtTotal.Seconds(), "vt-MB/s")
	b.ReportMetric(mb/scrTotal.Seconds(), "screen-MB/s")
	b.ReportMetric(100*(ratios[len(ratios)/2]-1), "overhead-%")
}

// The streams must be what they claim: they draw, repaint and scroll.
func TestBenchStreamsDraw(t *testing.T) {
	for name, tc := range map[string]struct {
		data []byte
		want []string
	}{
		"mixed":   {mixedStream(100, 30), []string{"Thinking…", "╭───", "│ > type here", "日本語のテキスト", "✔ step"}},
		"repaint": {repaintStream(100, 30), []string{"⏺ Read src/file", "Cogitating… (", "│ >", "? for shortcuts"}},
	} {
		s := screen.New(100, 30)
		for _, p := range chunks(tc.data, 4096) {
			s.WriteAt(time.Now(), p)
		}
		snap := s.Snapshot()
		s.Close()
		for _, want := range tc.want {
			if !strings.Contains(snap.Text(), want) {
				t.Errorf("%s: final screen lacks %q:\n%s", name, want, snap)
			}
		}
	}
}
