package session_test

import (
	"io"
	"path/filepath"
	"testing"
	"time"

	"github.com/charmbracelet/x/vt"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/fixtures/streams"
	"github.com/ttyrig/ttyrig/screen"
	"github.com/ttyrig/ttyrig/session"
)

// BenchmarkFloodLayers feeds the same 1 MiB flood (fixtures/streams.Mixed,
// in the 256 KiB batches a live terminal reads it in) through each layer a
// live terminal adds, in process, no PTY: raw x/vt, the screen, the session
// (screen and readiness engine), and the session recording in the
// background as termtest records. Where BenchmarkFlood in termtest is
// short of raw vt, this says which layer costs it.
//
//	go test -run '^$' -bench FloodLayers -benchtime 20x ./session
func BenchmarkFloodLayers(b *testing.B) {
	data := streams.Mixed(100, 30)
	var batches [][]byte
	for p := data; len(p) > 0; {
		n := min(len(p), 256<<10)
		batches, p = append(batches, p[:n]), p[n:]
	}
	b.Run("vt", func(b *testing.B) {
		for range b.N {
			emu := vt.NewEmulator(100, 30)
			go func() { _, _ = io.Copy(io.Discard, emu) }() // x/vt blocks on unread replies
			for _, p := range batches {
				_, _ = emu.Write(p)
			}
			_ = emu.Close()
		}
	})
	b.Run("screen", func(b *testing.B) {
		for range b.N {
			s := screen.New(100, 30)
			for _, p := range batches {
				s.WriteAt(time.Now(), p)
			}
			_ = s.Close()
		}
	})
	b.Run("session", func(b *testing.B) {
		for range b.N {
			s, err := session.New(100, 30, time.Now())
			if err != nil {
				b.Fatal(err)
			}
			for _, p := range batches {
				s.Output(time.Now(), p)
			}
			_ = s.Close()
		}
	})
	b.Run("recorded", func(b *testing.B) {
		path := filepath.Join(b.TempDir(), "flood.cast")
		for range b.N {
			w, err := asciicast.Create(path, asciicast.Header{Width: 100, Height: 30})
			if err != nil {
				b.Fatal(err)
			}
			s, err := session.New(100, 30, time.Now(), session.WithRecorder(session.InBackground(w)))
			if err != nil {
				b.Fatal(err)
			}
			for _, p := range batches {
				s.Output(time.Now(), p)
			}
			if err := s.Close(); err != nil {
				b.Fatal(err)
			}
		}
	})
}
