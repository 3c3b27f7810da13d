package screen

import (
	"reflect"
	"unsafe"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/vt"
)

// parserDataSize is how many bytes of an OSC, DCS or APC string the parser
// keeps (x/vt keeps 4 MiB, allocated per terminal, for inline images ttyrig
// does not draw; titles, hyperlinks and replies to queries are far
// shorter). The rest of a longer string is dropped.
const parserDataSize = 64 << 10

// newEmulator returns x/vt's emulator with its memory bounded: a parser
// buffer of parserDataSize instead of 4 MiB (84% of what a terminal
// allocated at start), and no scrollback on the alternate screen, which
// x/vt fills up to 10,000 lines that nothing can read. The main screen's
// scrollback is bounded by Screen (see scrollback.go).
//
// x/vt offers no option for either, so this reaches its unexported fields;
// if a later x/vt renames them it leaves the emulator as x/vt made it, and
// TestIdleHeap in this package fails on the memory it then takes.
func newEmulator(cols, rows int) *vt.Emulator {
	e := vt.NewEmulator(cols, rows)
	v := reflect.ValueOf(e).Elem()
	if f := v.FieldByName("parser"); f.IsValid() && f.Type() == reflect.TypeOf((*ansi.Parser)(nil)) {
		if p := *(**ansi.Parser)(unsafe.Pointer(f.UnsafeAddr())); p != nil {
			p.SetDataSize(parserDataSize)
		}
	}
	if f := v.FieldByName("scrs"); f.IsValid() && f.Kind() == reflect.Array && f.Len() == 2 &&
		f.Type().Elem() == reflect.TypeOf(vt.Screen{}) {
		alt := (*vt.Screen)(unsafe.Pointer(f.Index(1).UnsafeAddr()))
		alt.SetScrollback(nil)
	}
	e.SetScrollbackSize(vtScrollback)
	return e
}
