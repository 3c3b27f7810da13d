package ready

import (
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/screen"
)

// feed writes s to scr one byte at a time, the worst split a PTY can
// produce, and hands each write's marks to p.
func feed(p *protocols, scr *screen.Screen, s string) {
	for i := 0; i < len(s); i++ {
		p.output(time.Time{}, scr.WriteAt(time.Time{}, []byte{s[i]}))
	}
}

func newScreen(t *testing.T) *screen.Screen {
	scr := screen.New(80, 24)
	t.Cleanup(func() { _ = scr.Close() })
	return scr
}

func TestProtocolsSplitAnywhere(t *testing.T) {
	var p protocols
	scr := newScreen(t)
	feed(&p, scr, "\x1b]0;✳ Claude Code\x07\x1b]133;A\x07> \x1b]133;B\x1b\\")
	if p.shell != shellInput || !p.shellSeen {
		t.Fatalf("shell phase %d after A, B split byte by byte", p.shell)
	}
	p.input([]byte("ls\r"))
	if p.shell != shellSubmitted {
		t.Errorf("phase %d after Enter, want submitted", p.shell)
	}
	feed(&p, scr, "\x1b]133;C\x07file\r\n\x1b]133;D;2\x07")
	if _, busy := p.busy(); !busy || p.shell != shellDone {
		t.Errorf("phase %d after D: want done and busy until the next prompt", p.shell)
	}
	feed(&p, scr, "\x1b]9;4;3;0\x07")
	if why, busy := p.busy(); !busy || p.progress != 3 {
		t.Errorf("progress %d %q", p.progress, why)
	}
	feed(&p, scr, "\x1b]9;4;0;0\x9c") // C1 ST, outside any UTF-8 character
	if p.progress != 0 {
		t.Errorf("progress %d after 9;4;0", p.progress)
	}
	feed(&p, scr, "\x1b]9;build finished\x07") // a notification, not progress
	if p.progress != 0 || p.notified != "build finished" {
		t.Errorf("notification read as progress %d (notified %q)", p.progress, p.notified)
	}
	feed(&p, scr, "\x1b]7501;state=working:app=codex\x07")
	if why, busy := p.busy(); !busy || p.agent != "working" {
		t.Errorf("7501: %q %q", p.agent, why)
	}
	feed(&p, scr, "\x1b]7501;state=idle:app=codex\x07")
	if _, _, idle := p.idle(); !idle {
		t.Errorf("7501 idle not seen: %q", p.agent)
	}
	feed(&p, scr, "\x07")
	if p.bells != 1 {
		t.Errorf("%d bells after BEL", p.bells)
	}
}

func TestQueryPending(t *testing.T) {
	var p protocols
	scr := newScreen(t)
	feed(&p, scr, "probe: \x1b[6n")
	if q, ok := p.queryPending(); !ok || q != "CSI 6n" {
		t.Fatalf("query not noted: %q", q)
	}
	feed(&p, scr, "\x1b[0m")
	if _, ok := p.queryPending(); !ok {
		t.Error("a style change is not output after the query")
	}
	feed(&p, scr, " (waiting)")
	if q, ok := p.queryPending(); ok {
		t.Errorf("text after the query must clear it; still %q", q)
	}
	feed(&p, scr, "\x1b]11;?\x07")
	if q, ok := p.queryPending(); !ok || q != "OSC 11;?" {
		t.Errorf("OSC 11 query: %q", q)
	}
}
