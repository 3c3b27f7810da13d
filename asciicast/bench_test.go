package asciicast_test

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
)

// BenchmarkWriterOutput records small PTY reads (a spinner frame each) into
// a file, writing each event through (the default: a recording survives
// os.Exit and SIGKILL) beside the Buffered writer, so the cost of
// durability is a number.
func BenchmarkWriterOutput(b *testing.B) {
	frame := []byte("\r\x1b[2K\x1b[38;5;174m✻ Thinking…\x1b[0m (3s · esc to interrupt)")
	for _, c := range []struct {
		name string
		opts []asciicast.WriterOption
	}{{"through", nil}, {"buffered", []asciicast.WriterOption{asciicast.Buffered()}}} {
		b.Run(c.name, func(b *testing.B) {
			w, err := asciicast.Create(filepath.Join(b.TempDir(), "rec.cast"), asciicast.Header{Width: 80, Height: 24}, c.opts...)
			if err != nil {
				b.Fatal(err)
			}
			defer w.Close()
			b.SetBytes(int64(len(frame)))
			for i := range b.N {
				if err := w.Output(time.Duration(i)*time.Millisecond, frame); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
