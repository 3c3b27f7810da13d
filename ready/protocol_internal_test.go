package ready

import (
	"testing"
)

// feed scans s one byte at a time, the worst split a PTY can produce.
func feed(p *protocols, s string) {
	for i := 0; i < len(s); i++ {
		p.output([]byte{s[i]})
	}
}

func TestProtocolsSplitAnywhere(t *testing.T) {
	var p protocols
	feed(&p, "\x1b]0;✳ Claude Code\x07\x1b]133;A\x07> \x1b]133;B\x1b\\")
	if p.shell != shellInput || !p.shellSeen {
		t.Fatalf("shell phase %d after A, B split byte by byte", p.shell)
	}
	p.input([]byte("ls\r"))
	if p.shell != shellSubmitted {
		t.Errorf("phase %d after Enter, want submitted", p.shell)
	}
	feed(&p, "\x1b]133;C\x07file\r\n\x1b]133;D;2\x07")
	if _, busy := p.busy(); !busy || p.shell != shellDone {
		t.Errorf("phase %d after D: want done and busy until the next prompt", p.shell)
	}
	feed(&p, "\x1b]9;4;3;0\x07")
	if why, busy := p.busy(); !busy || p.progress != 3 {
		t.Errorf("progress %d %q", p.progress, why)
	}
	feed(&p, "\x1b]9;4;0;0\x9c") // C1 ST, outside any UTF-8 character
	if p.progress != 0 {
		t.Errorf("progress %d after 9;4;0", p.progress)
	}
	feed(&p, "\x1b]9;build finished\x07") // a notification, not progress
	if p.progress != 0 {
		t.Errorf("notification read as progress %d", p.progress)
	}
	feed(&p, "\x1b]7501;state=working:app=codex\x07")
	if why, busy := p.busy(); !busy || p.agent != "working" {
		t.Errorf("7501: %q %q", p.agent, why)
	}
	feed(&p, "\x1b]7501;state=idle:app=codex\x07")
	if _, idle := p.idle(); !idle {
		t.Errorf("7501 idle not seen: %q", p.agent)
	}
}

func TestQueryPending(t *testing.T) {
	var p protocols
	feed(&p, "probe: \x1b[6n")
	if !p.scan.queryPending || p.scan.lastQuery != "CSI 6n" {
		t.Fatalf("query not noted: %+v", p.scan)
	}
	feed(&p, "\x1b[0m")
	if !p.scan.queryPending {
		t.Error("a style change is not output after the query")
	}
	feed(&p, " (waiting)")
	if p.scan.queryPending {
		t.Error("text after the query must clear it")
	}
	feed(&p, "\x1b]11;?\x07")
	if !p.scan.queryPending || p.scan.lastQuery != "OSC 11;?" {
		t.Errorf("OSC 11 query: %+v", p.scan)
	}
}
