package recordings_test

import (
	"testing"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/recordings"
)

func BenchmarkLongTmp(b *testing.B) {
	c, err := asciicast.ReadFile("agents/claude-long-session.cast")
	if err != nil {
		b.Fatal(err)
	}
	for range b.N {
		rep, err := recordings.Replay(c)
		if err != nil {
			b.Fatal(err)
		}
		rep.Run()
		rep.Close()
	}
}
