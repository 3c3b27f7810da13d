package screen

import (
	"runtime"
	"strings"
	"testing"
	"time"
	"unsafe"

	uv "github.com/charmbracelet/ultraviolet"
)

// The line feeds of a flood skip x/vt's scrollback: the handlers are
// wrapped (x/vt's tables were found), and a line scrolled off costs its
// text, not a clone of its cells.
func TestLineFeedsSkipVTScrollback(t *testing.T) {
	s := New(100, 30)
	defer s.Close()
	if !s.bind.captures {
		t.Fatal("x/vt's index handlers could not be wrapped: has x/vt renamed ccHandlers, escHandler or scrs?")
	}
	const lines, width = 100, 80
	flood := []byte(strings.Repeat(strings.Repeat("x", width)+"\r\n", lines))
	s.WriteAt(time.Now(), flood) // scrolled to the bottom, scrollback warm
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	s.WriteAt(time.Now(), flood)
	runtime.ReadMemStats(&after)
	// x/vt allocates a string per character printed; a clone of a line's
	// cells is 9 KB more.
	perLine := (after.TotalAlloc - before.TotalAlloc) / lines
	t.Logf("%d bytes a line", perLine)
	if clone := uint64(width * unsafe.Sizeof(uv.Cell{})); perLine >= clone/2 {
		t.Errorf("a line scrolled off allocated %d bytes, want less than half a clone of its cells (%d)", perLine, clone)
	}
}
