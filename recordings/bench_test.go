package recordings_test

import (
	"io"
	"path/filepath"
	"testing"
	"time"

	"github.com/charmbracelet/x/vt"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/recordings"
)

// BenchmarkReplayCorpus replays every corpus recording through the screen
// and the readiness engine, and reports throughput in MB/s and in multiples
// of real time, next to the raw emulator's own throughput on the same bytes.
func BenchmarkReplayCorpus(b *testing.B) {
	files, _ := filepath.Glob("testdata/corpus/*.cast")
	more, _ := filepath.Glob("agents/*.cast")
	files = append(files, more...)
	var casts []*asciicast.Cast
	var bytesOut int64
	var recorded time.Duration
	for _, f := range files {
		c, err := asciicast.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		casts = append(casts, c)
		recorded += c.Duration()
		for _, e := range c.Events {
			if e.Kind == asciicast.Output {
				bytesOut += int64(len(e.Data))
			}
		}
	}
	if len(casts) == 0 {
		b.Skip("no corpus")
	}
	b.Run("replay", func(b *testing.B) {
		b.SetBytes(bytesOut)
		start := time.Now()
		for range b.N {
			for _, c := range casts {
				rep, err := recordings.Replay(c)
				if err != nil {
					b.Fatal(err)
				}
				rep.Run()
				rep.Close()
			}
		}
		elapsed := time.Since(start)
		b.ReportMetric(float64(recorded)*float64(b.N)/float64(elapsed), "x-realtime")
	})
	b.Run("raw-vt", func(b *testing.B) {
		b.SetBytes(bytesOut)
		for range b.N {
			for _, c := range casts {
				emu := vt.NewEmulator(c.Header.Width, c.Header.Height)
				go func() { _, _ = io.Copy(io.Discard, emu) }() // vt's replies block without a reader
				for _, e := range c.Events {
					if e.Kind == asciicast.Output {
						_, _ = emu.Write([]byte(e.Data))
					}
				}
				_ = emu.InputPipe().(*io.PipeWriter).Close()
			}
		}
	})
}
