package termtest

import (
	"bytes"
	"testing"
	"time"
	"unicode/utf8"
)

// The pacer cuts pieces smaller while they run past pieceTarget, grows
// them back as they get quick, never below one character and never inside
// one.
func TestPacerShrinksSlowPieces(t *testing.T) {
	p := []byte("héllo wörld, ça va? ")
	for len(p) < 1<<16 {
		p = append(p, p...)
	}
	var c pacer
	if n := c.shrink(p, len(p)); n != len(p) {
		t.Fatalf("first piece %d of %d bytes, want the screen's whole cut until a piece is slow", n, len(p))
	}
	c.took(time.Second, 1) // far past the target
	n := c.shrink(p, len(p))
	if n >= len(p) || n == 0 {
		t.Fatalf("after a slow piece %d of %d bytes, want a part of it", n, len(p))
	}
	for range 5 {
		c.took(time.Second, c.scale)
	}
	small := c.shrink(p, len(p))
	if small >= n || small < 1 || !utf8.Valid(p[:small]) {
		t.Fatalf("after slow pieces %d bytes (before %d), want fewer, whole characters", small, n)
	}
	if one := c.shrink(append([]byte("é"), p...), 2); one != 2 {
		t.Errorf("a piece of one character cut to %d bytes, want it whole", one)
	}
	for range 20 {
		c.took(time.Microsecond, 1)
	}
	if got := c.shrink(p, 1000); got != 1000 {
		t.Errorf("after quick pieces %d of 1000 bytes, want the screen's whole cut", got)
	}
	c.took(time.Second, 1)
	if got := c.shrink(p[:pacedBatch-1], 1000); got != 1000 {
		t.Errorf("a batch under pacedBatch was cut to %d of 1000 bytes, want the screen's whole cut", got)
	}
	for range 200 {
		k := c.shrink(p[1:], len(p)-1)
		if k < len(p)-1 && !utf8.RuneStart(p[1+k]) {
			t.Fatalf("cut inside a character at %d", k)
		}
		c.took(3*pieceTarget, float64(k)/float64(len(p)-1))
	}
}

// A piece is at least the first line: a program's short write stays one
// event, and a line feed flood is still cut, one line at the least.
func TestPacerKeepsTheFirstLine(t *testing.T) {
	var c pacer
	if n := c.shrink([]byte("one\r\n"), 5); n != 5 {
		t.Errorf("first piece of %q: %d bytes, want it whole", "one\r\n", n)
	}
	line := append(bytes.Repeat([]byte("x"), 99), '\n')
	flood := line
	for len(flood) < 2*pacedBatch {
		flood = append(flood, flood...)
	}
	for range 30 {
		c.took(100*time.Second, 1) // far past the target: the smallest pieces
	}
	if n := c.shrink(flood, len(flood)); n != len(line) {
		t.Errorf("a slow flood of lines cut to %d bytes, want its first line (%d)", n, len(line))
	}
}
