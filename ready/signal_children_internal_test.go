package ready

import (
	"testing"

	"github.com/ttyrig/ttyrig/kernel"
)

// The group's size and a command's parent are read from View.Doing as
// package kernel writes it (describe: three processes, then "+N more");
// anything else says nothing.
func TestGroupSizeFromDoing(t *testing.T) {
	for _, tc := range []struct {
		view    kernel.View
		n       int
		ok      bool
		command bool // runsCommand past the first two
	}{
		{kernel.View{Wait: kernel.Watching, Leader: true, Doing: "strace wait4, newsboat poll(tty) among threads, sh wait4, +2 more"}, 5, true, true},
		{kernel.View{Wait: kernel.Watching, Leader: true, Doing: "strace running, newsboat poll(tty) among threads"}, 2, true, false},
		{kernel.View{Wait: kernel.Working, Leader: true, Doing: "strace wait4, bpython read(fd 12) among threads, python3 running"}, 3, true, false},
		{kernel.View{Wait: kernel.Watching, Leader: true, Doing: "gocui futex among threads, polling the terminal (non-blocking)"}, 1, true, false},
		{kernel.View{Wait: kernel.Working, Leader: false, Doing: "sleep clock_nanosleep"}, 0, false, false},
		{kernel.View{Wait: kernel.Watching, Leader: true, Doing: "tmux: client" + kernel.RelayDoing + "tmux poll(tty); panes: bash read(tty)"}, 0, false, false},
		{kernel.View{Wait: kernel.Unknown, Leader: true, Doing: "foreground group 12 not found in the session"}, 0, false, false},
		{kernel.View{Wait: kernel.Watching, Leader: true, Doing: "a, b, +x more"}, 3, true, false},
		{kernel.View{Leader: true}, 0, false, false},
	} {
		n, ok := groupSize(tc.view)
		if n != tc.n || ok != tc.ok {
			t.Errorf("groupSize(%q) = %d, %v; want %d, %v", tc.view.Doing, n, ok, tc.n, tc.ok)
		}
		if got := runsCommand(tc.view, 2); got != tc.command {
			t.Errorf("runsCommand(%q, 2) = %v, want %v", tc.view.Doing, got, tc.command)
		}
	}
}
