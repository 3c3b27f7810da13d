//go:build linux

package kernel

import "testing"

// A signal pending to the thread (SigPnd) or its process (ShdPnd) counts
// unless the thread blocks it (SigBlk); the other lines change nothing.
func TestUnblockedPending(t *testing.T) {
	status := func(sigPnd, shdPnd, sigBlk string) []byte {
		return []byte("Name:\tbash\nState:\tS (sleeping)\nSigQ:\t0/127431\nSigPnd:\t" + sigPnd +
			"\nShdPnd:\t" + shdPnd + "\nSigBlk:\t" + sigBlk + "\nSigIgn:\t0000000000380004\nSigCgt:\t000000004b817efb\n")
	}
	const none, sigint = "0000000000000000", "0000000000000002"
	for _, c := range []struct {
		name                   string
		sigPnd, shdPnd, sigBlk string
		want                   bool
	}{
		{"nothing pending", none, none, none, false},
		{"SIGINT to the process", none, sigint, none, true},
		{"SIGINT to the thread", sigint, none, none, true},
		{"SIGINT to the process, blocked", none, sigint, sigint, false},
		{"SIGINT pending, another blocked", none, sigint, "0000000000010000", true},
	} {
		if got := unblockedPending(status(c.sigPnd, c.shdPnd, c.sigBlk)); got != c.want {
			t.Errorf("%s: unblockedPending = %v, want %v", c.name, got, c.want)
		}
	}
	if unblockedPending([]byte("SigPnd:\tzz\nShdPnd:\n")) {
		t.Error("unreadable values read as a pending signal")
	}
}
