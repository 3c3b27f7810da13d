package corpus_test

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/corpus"
	"github.com/ttyrig/ttyrig/kernel"
)

// The tmux recording carries the kernel's looks past its client, at the
// server that reads the terminal and at the panes' foreground groups
// (kernel/relay_linux.go). The engine decides on them: with them, every
// turn is found and none is early; with each relay look put back to what
// the client alone looked like (asleep on its socket: work), every turn
// is missed, as before the relay was looked for; and with the panes' work
// called waiting, the step that runs sleep 1.5 in a pane is early (the
// screen is still while it sleeps).
func TestRelayLooksDecideTmux(t *testing.T) {
	cast, err := asciicast.ReadFile(filepath.Join("testdata", "tmux.cast"))
	if err != nil {
		t.Fatal(err)
	}
	relays := 0
	for _, e := range cast.Events {
		if e.Kind == asciicast.Kernel && strings.Contains(e.Data, kernel.RelayDoing) {
			relays++
		}
	}
	if relays < 10 {
		t.Fatalf("testdata/tmux.cast holds %d relay looks, want a recording made with them (10 or more)", relays)
	}
	score := func(name string, c *asciicast.Cast) corpus.Score {
		t.Helper()
		s, err := corpus.ReplayScores(c)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		t.Logf("%s: %d turns, %d premature, %d missed", name, s[0].Turns, s[0].Premature, s[0].Missed)
		return s[0]
	}
	if s := score("as recorded", cast); s.Premature != 0 || s.Missed != 0 {
		t.Errorf("tmux as recorded: %d premature, %d missed, want 0 and 0", s.Premature, s.Missed)
	}
	clientOnly := rewriteRelayLooks(t, cast, func(v kernel.View, client string) kernel.View {
		return kernel.View{Wait: kernel.Working, Doing: client, Leader: v.Leader, Pending: v.Pending, Unread: v.Unread,
			Canonical: v.Canonical, Echo: v.Echo}
	})
	if s := score("the client's looks alone", clientOnly); s.Missed < s.Turns/2 {
		t.Errorf("tmux with the client's looks alone: %d of %d turns missed, want most (the client's socket wait holds ready back)", s.Missed, s.Turns)
	}
	panesWait := rewriteRelayLooks(t, cast, func(v kernel.View, client string) kernel.View {
		if v.Wait == kernel.Working && !strings.Contains(v.Doing, "server running") {
			v.Wait = kernel.Watching
		}
		return v
	})
	if s := score("the panes' work called waiting", panesWait); s.Premature == 0 {
		t.Errorf("tmux with the panes' work called waiting: no turn early, want the sleep 1.5 step early (the screen is still while it sleeps)")
	}
}

// rewriteRelayLooks returns a copy of cast with every relay look replaced
// by what f makes of it (given the client's part of its Doing).
func rewriteRelayLooks(t *testing.T, cast *asciicast.Cast, f func(v kernel.View, client string) kernel.View) *asciicast.Cast {
	t.Helper()
	out := *cast
	out.Events = slices.Clone(cast.Events)
	for i, e := range out.Events {
		if e.Kind != asciicast.Kernel {
			continue
		}
		v, err := kernel.ParseView(e.Data)
		if err != nil {
			t.Fatalf("event %d: %v", i, err)
		}
		client, _, ok := strings.Cut(v.Doing, kernel.RelayDoing)
		if !ok {
			continue
		}
		out.Events[i].Data = f(v, client).Encode()
	}
	return &out
}
