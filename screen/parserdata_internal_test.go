package screen

import (
	"strings"
	"testing"
	"time"
)

// The parser's string buffer starts small and grows before a write that
// could need more, so every string is kept as with the whole buffer from
// the start: titles of every length, in every chunking, read the same on a
// screen whose buffer was grown at once.
func TestParserDataGrowsBeforeItIsNeeded(t *testing.T) {
	for _, n := range []int{100, firstDataSize - 10, firstDataSize + 10, 60000, parserDataSize + 5000} {
		title := strings.Repeat("t", n)
		out := "\x1b]2;" + title + "\x07\x1b]8;;http://" + strings.Repeat("u", n/2) + "\x1b\\link\x1b]8;;\x1b\\ after"
		for _, piece := range []int{len(out), 1000, firstDataSize - 1, 7} {
			lazy, eager := newScreen(40, 5, &spares{}), newScreen(40, 5, &spares{}) // new emulators, not reused ones
			eager.bind.fit(parserDataSize)
			if lazy.bind.data == nil || len(*lazy.bind.data) != firstDataSize {
				t.Fatalf("a new screen's parser buffer is not %d bytes", firstDataSize)
			}
			at := time.Unix(0, 0)
			for i := 0; i < len(out); i += piece {
				chunk := []byte(out[i:min(i+piece, len(out))])
				lazy.WriteAt(at, chunk)
				eager.WriteAt(at, chunk)
			}
			a, b := lazy.Snapshot(), eager.Snapshot()
			if a.Title() != b.Title() || a.Text() != b.Text() {
				t.Errorf("string of %d bytes in pieces of %d: title %d bytes and text %q, with the whole buffer at once %d bytes and %q",
					n, piece, len(a.Title()), a.Text(), len(b.Title()), b.Text())
			}
			if n < parserDataSize-10 && a.Title() != title {
				t.Errorf("string of %d bytes in pieces of %d: title of %d bytes, want all %d", n, piece, len(a.Title()), n)
			}
			lazy.Close()
			eager.Close()
		}
	}
}
