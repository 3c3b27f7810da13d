package recordings

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
)

// AddMarker adds a marker labelled label at offset at into c, in time
// order: after every event at or before at, so a marker at the moment of
// an output follows it, as a marker made live would.
func AddMarker(c *asciicast.Cast, at time.Duration, label string) error {
	if at < 0 {
		return fmt.Errorf("marker %q at %v: expected a time of 0 or more", label, at)
	}
	if label == "" {
		return fmt.Errorf("marker at %v: expected a label", at)
	}
	at = at.Round(time.Microsecond)
	i := sort.Search(len(c.Events), func(i int) bool { return c.Events[i].Time > at })
	c.Events = append(c.Events, asciicast.Event{})
	copy(c.Events[i+1:], c.Events[i:])
	c.Events[i] = asciicast.Event{Time: at, Kind: asciicast.Marker, Data: label}
	return nil
}

// MarkFile adds markers to the recording at path after the fact, each in
// time order, and writes it back atomically (a temporary file renamed over
// it) with mode 0600, as recordings hold what was typed. The asciicast
// version is kept.
func MarkFile(path string, marks ...Mark) error {
	c, err := asciicast.ReadFile(path)
	if err != nil {
		return err
	}
	for _, m := range marks {
		if err := AddMarker(c, m.At, m.Label); err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
	}
	var buf bytes.Buffer
	version := c.Header.Version
	if version != 3 {
		version = 2
	}
	w, err := asciicast.NewWriter(&buf, c.Header, asciicast.WithVersion(version), asciicast.Buffered())
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	for _, e := range c.Events {
		switch e.Kind {
		case asciicast.Output:
			err = w.Output(e.Time, []byte(e.Data))
		case asciicast.Input:
			err = w.Input(e.Time, []byte(e.Data))
		case asciicast.Resize:
			err = w.Resize(e.Time, e.Cols, e.Rows)
		case asciicast.Marker:
			err = w.Marker(e.Time, e.Data)
		case asciicast.Exit:
			err = w.Exit(e.Time, e.Code)
		case asciicast.Kernel:
			err = w.Kernel(e.Time, e.Data)
		}
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return writeAtomic(path, buf.Bytes(), 0o600)
}

// Mark is a marker to add: a label at an offset into the recording.
type Mark struct {
	At    time.Duration
	Label string
}

// writeAtomic writes data beside path and renames it over path, so a
// reader never sees half a recording.
func writeAtomic(path string, data []byte, perm os.FileMode) error {
	// Renaming over a device (/dev/null) or a directory would replace it.
	if fi, err := os.Lstat(path); err == nil && !fi.Mode().IsRegular() {
		return fmt.Errorf("recordings: writing %s: not a regular file (%v)", path, fi.Mode().Type())
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return fmt.Errorf("recordings: %w", err)
	}
	tmp := f.Name()
	_, werr := f.Write(data)
	if err := f.Chmod(perm); werr == nil {
		werr = err
	}
	if err := f.Close(); werr == nil {
		werr = err
	}
	if werr == nil {
		werr = os.Rename(tmp, path)
	}
	if werr != nil {
		_ = os.Remove(tmp)
		return fmt.Errorf("recordings: writing %s: %w", path, werr)
	}
	return nil
}
