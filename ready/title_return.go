package ready

import "time"

// A title that goes back to what it was when the input came is no
// animation: shells name the running command in the title and put their
// own back at the prompt (fish: "sleep 1; echo slept ~", then "~" a
// second later; corpus round 11, set E). Its two frames in one turn read as
// a cadence as long as the command ran, and the engine waited half as long
// again after the prompt. When the title returns to the one the input was
// sent under, its frames are over, as when a title's spinner gives way to a
// plain title (spinnerStopped): unless the title was animating then
// (titleCadenceAt), so a spinner that comes round to the frame it showed at
// the input stays a spinner.
type titleRest struct {
	now     string    // the title now
	atInput string    // the title when the last input was sent
	inputAt time.Time // when that was (zero before any input)
	pending bool      // input came and its time is not yet known
}

// input notes that input was sent under the current title; its time is
// the facts' inputAt, read at the next look.
func (r *titleRest) input() { r.atInput, r.pending = r.now, true }

// returned takes in the title of g, changed from the one before, and
// reports whether it went back to the title of the input with no title
// animating before that input.
func (a *animation) returned(f *facts, title string) bool {
	r := &a.rest
	r.now = title
	if r.pending {
		r.inputAt, r.pending = f.inputAt, false
	}
	if r.inputAt.IsZero() || r.atInput == "" || title != r.atInput {
		return false
	}
	return !a.titleCadenceAt(r.inputAt)
}

// titleCadenceAt reports whether the title was animating at t: two of its
// frames with no input between them, at most AnimMaxGap apart, the later
// at most AnimMaxGap before t (a cadence, as animation.cadence reads one).
// One change of the title before the input is none: the prompt's title
// put back a moment before the user typed.
func (a *animation) titleCadenceAt(t time.Time) bool {
	var prev *frame
	for i := range a.frames {
		fr := &a.frames[i]
		if fr.key != "title" || !fr.over || fr.t.After(t) {
			continue
		}
		if prev != nil && prev.turn == fr.turn && fr.t.Sub(prev.t) <= tune.AnimMaxGap && t.Sub(fr.t) <= tune.AnimMaxGap {
			return true
		}
		prev = fr
	}
	return false
}
