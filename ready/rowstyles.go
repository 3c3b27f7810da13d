package ready

// Rows read by their styles first. A shape that looks for a cell set apart
// by its background or by reverse video reads the cells of the rows it
// searches (cellGrid, gridRowOf: a rune and a background key per cell),
// and most rows of most screens have neither: their few distinct styles
// (screen.Snapshot.Plain, Reversed) say so without a cell read. These
// tests skip only the reading that cannot find anything: on a plain row
// every cell's background key is the same empty one (gridRowWith), so no
// cell stands out from the rows around it (highlightList) and no field
// follows a label on another background (labelledField); a row with no
// reverse-video style has no reverse-video text (reverseRow). The test
// that proves they change no decision replays every recording with and
// without them (caches_test.go, TestStyleGatesChangeNoDecision).

// gated reports whether v's shapes skip rows by their styles (not on a
// test's plain path, WithoutStyleGates).
func (v *view) gated() bool { return v.memo == nil || !v.memo.noStyleGates }

// plainRows reports whether rows lo..hi are all known plain from their
// styles (screen.Snapshot.Plain): no cell on a background of its own or in
// reverse video. False on the plain path: the rows are read.
func (v *view) plainRows(lo, hi int) bool {
	if !v.gated() {
		return false
	}
	for r := lo; r <= hi; r++ {
		if !v.snap.Plain(r) {
			return false
		}
	}
	return true
}

// reversedRow is reverseRow(v.snap, r), told at once for a row none of
// whose styles is reverse video.
func (v *view) reversedRow(r int) bool {
	if v.gated() && !v.snap.Reversed(r) {
		return false
	}
	return reverseRow(v.snap, r)
}
