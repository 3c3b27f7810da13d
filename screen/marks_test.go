package screen_test

import (
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/ttyrig/ttyrig/screen"
)

// Each protocol sequence is reported as a mark by the write that completes
// it, whatever it is split into; nothing else is.
func TestWriteReportsMarks(t *testing.T) {
	for _, c := range []struct {
		name   string
		writes []string
		want   []screen.Mark
	}{
		{"shell marks", []string{"\x1b]133;A\x07> \x1b]133;B\x1b\\"}, []screen.Mark{
			{Kind: screen.MarkShell, Letter: 'A', Raw: "OSC 133;A"},
			{Kind: screen.MarkShell, Letter: 'B', Raw: "OSC 133;B"},
		}},
		{"D with status, VS Code's 633", []string{"\x1b]133;C\x07file\r\n\x1b]633;D;2\x07"}, []screen.Mark{
			{Kind: screen.MarkShell, Letter: 'C', Raw: "OSC 133;C"},
			{Kind: screen.MarkShell, Letter: 'D', Code: 2, Raw: "OSC 633;D;2"},
		}},
		{"split across writes", []string{"\x1b]13", "3;D;0\x07\x1b]1", "33;A\x07"}, []screen.Mark{
			{Kind: screen.MarkShell, Letter: 'D', Raw: "OSC 133;D;0"},
			{Kind: screen.MarkShell, Letter: 'A', Raw: "OSC 133;A"},
		}},
		{"unknown shell letter ignored", []string{"\x1b]133;Z\x07\x1b]133\x07"}, nil},
		{"progress, C1 ST", []string{"\x1b]9;4;3;0\x07", "\x1b]9;4;0;0\x9c"}, []screen.Mark{
			{Kind: screen.MarkProgress, Code: 3, Raw: "OSC 9;4;3;0"},
			{Kind: screen.MarkProgress, Code: 0, Raw: "OSC 9;4;0;0"},
		}},
		{"codex state", []string{"\x1b]7501;state=working:app=codex\x07"}, []screen.Mark{
			{Kind: screen.MarkAgent, Value: "working", Raw: "OSC 7501;state=working:app=codex"},
		}},
		{"notifications keep their UTF-8", []string{"\x1b]9;✳ Claude is waiting\x07\x1b]777;notify;Gemini;needs you\x07\x1b]99;i=1;done\x1b\\"}, []screen.Mark{
			{Kind: screen.MarkNotify, Value: "✳ Claude is waiting", Raw: "OSC 9;✳ Claude is waiting"},
			{Kind: screen.MarkNotify, Value: "Gemini: needs you", Raw: "OSC 777;notify;Gemini;needs you"},
			{Kind: screen.MarkNotify, Value: "done", Raw: "OSC 99;i=1;done"},
		}},
		{"kitty's OSC 99 capability query is no notification", []string{"\x1b]99;i=opentui-notifications:p=?;\x1b\\"}, []screen.Mark{
			{Kind: screen.MarkQuery, Value: "OSC 99 ?", Raw: "OSC 99;i=opentui-notifications:p=?;"},
		}},
		{"bell, but not the BEL that ends an OSC", []string{"\x1b]0;title\x07ding\x07"}, []screen.Mark{
			{Kind: screen.MarkBell, Raw: "BEL"},
		}},
		{"queries", []string{"\x1b[6n\x1b[?6n\x1b[5n\x1b[c\x1b[>c\x1b[=c\x1b]11;?\x07\x1b[?2026$p\x1b[4$p\x1b[>q\x1b[?u\x1b[18t\x1b[14t"}, []screen.Mark{
			{Kind: screen.MarkQuery, Value: "CSI 6n", Raw: "CSI 6n"},
			{Kind: screen.MarkQuery, Value: "CSI ?6n", Raw: "CSI ?6n"},
			{Kind: screen.MarkQuery, Value: "CSI 5n", Raw: "CSI 5n"},
			{Kind: screen.MarkQuery, Value: "CSI c", Raw: "CSI c"},
			{Kind: screen.MarkQuery, Value: "CSI >c", Raw: "CSI >c"},
			{Kind: screen.MarkQuery, Value: "CSI =c", Raw: "CSI =c"},
			{Kind: screen.MarkQuery, Value: "OSC 11;?", Raw: "OSC 11;?"},
			{Kind: screen.MarkQuery, Value: "CSI ?2026$p", Raw: "CSI ?2026$p"},
			{Kind: screen.MarkQuery, Value: "CSI 4$p", Raw: "CSI 4$p"},
			{Kind: screen.MarkQuery, Value: "CSI >q", Raw: "CSI >q"},
			{Kind: screen.MarkQuery, Value: "CSI ?u", Raw: "CSI ?u"},
			{Kind: screen.MarkQuery, Value: "CSI 18t", Raw: "CSI 18t"},
			{Kind: screen.MarkQuery, Value: "CSI 14t", Raw: "CSI 14t"},
		}},
		{"not queries", []string{"\x1b[2J\x1b[H\x1b[1;31mred\x1b[m\x1b]11;#000000\x07\x1b[8;24;80t"}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := screen.New(80, 24)
			defer s.Close()
			var got []screen.Mark
			for _, w := range c.writes {
				got = append(got, s.WriteAt(time.Now(), []byte(w)).Marks...)
			}
			if d := cmp.Diff(c.want, got); d != "" {
				t.Errorf("marks (-want +got):\n%s", d)
			}
		})
	}
}

// A query is pending from when it is written until something is printed
// after it, in the same write or a later one.
func TestQueryPending(t *testing.T) {
	s := screen.New(80, 24)
	defer s.Close()
	for _, c := range []struct{ write, want string }{
		{"probe: \x1b[6n", "CSI 6n"},
		{"\x1b[?25l", "CSI 6n"}, // a mode change prints nothing
		{"x", ""},
		{"\x1b[6nmore text", ""},
		{"\x1b]11;?\x07", "OSC 11;?"},
		{"\r\n", ""},
	} {
		if got := s.WriteAt(time.Now(), []byte(c.write)).QueryPending; got != c.want {
			t.Errorf("after %q: pending %q, want %q", c.write, got, c.want)
		}
	}
}

// A write reports the rows it changed, the cursor, the title and modes.
func TestWriteReportsChanges(t *testing.T) {
	s := screen.New(80, 24)
	defer s.Close()
	s.WriteAt(time.Now(), []byte("one\r\ntwo\r\nthree"))
	got := s.WriteAt(time.Now(), []byte("\x1b[2;1Htwo!\x1b[3;1Hthree\x1b[1;1H\x1b]0;hi\x07\x1b[?25l"))
	want := screen.Changes{Rows: []int{1}, Cursor: true, Title: true, Modes: true}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("changes (-want +got):\n%s", d)
	}
	if got := s.WriteAt(time.Now(), []byte("\x1b[1;1H")); got.Cursor || len(got.Rows) > 0 {
		t.Errorf("a write that moves nothing reports %+v", got)
	}
}

// Marks keep a bounded part of a long payload, cut between characters.
func TestMarkTextIsBounded(t *testing.T) {
	s := screen.New(80, 24)
	defer s.Close()
	long := strings.Repeat("✳", 1000)
	m := s.WriteAt(time.Now(), []byte("\x1b]9;"+long+"\x07")).Marks
	if len(m) != 1 || len(m[0].Value) > 200 || !strings.HasSuffix(m[0].Value, "✳…") {
		t.Errorf("mark of a 3000-byte notification: %d marks, value %d bytes %q", len(m), len(m[0].Value), m[0].Value[max(len(m[0].Value)-8, 0):])
	}
}

// A write full of marks reports a bounded number of them, the latest
// last, in time linear in its length.
func TestMarkFloodIsBounded(t *testing.T) {
	s := screen.New(80, 24)
	defer s.Close()
	flood := strings.Repeat("\a", 1<<20) + "\x1b]133;B\a"
	start := time.Now()
	m := s.WriteAt(time.Now(), []byte(flood)).Marks
	if len(m) > 256 || m[len(m)-1].Kind != screen.MarkShell {
		t.Errorf("%d marks after a flood, last %v; want at most 256 ending with the shell mark", len(m), m[len(m)-1])
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("a 1 MiB flood of BEL took %v", d)
	}
}
