package ready

import "testing"

func TestStatusWordEndingTheRow(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{
		{"1› data|   ]   sort-desc 0 rows  [M] •0   94% sorting… ", true},
		{"opening work/data.csv as c         30729 rows  •0   30% loading…", true},
		{"status: 3 files, indexing...", true},
		// Must not fire:
		{"File  Edit  Open recording… (Ctrl-O)", false}, // text after the ellipsis
		{"there is nothing…", false},                    // no verb
		{"Settings...", false},                          // no gerund
		{"the king...", false},                          // too short to be one
		{"Loading... done", false},                      // a finished step
		{"feed.sh...", false},                           // the word before is no gerund
		{"sorting… 94%", false},                         // not at the end: statusWord's to judge
	} {
		if got := endsInStatusWord(nil, c.text); got != c.want {
			t.Errorf("endsInStatusWord(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}

func TestStatusWordStandingInItsRow(t *testing.T) {
	for _, c := range []struct {
		old, text string
		want      bool
	}{
		// A prompt drawn into the row beside the same status: it answers input.
		{"1› data|  ]   sort-desc 0 rows  [M] •0   96% sorting…", "save to: work/data.csv   Ctrl+S   save-sheet 0 rows  [M] •0   96% sorting…", true},
		// Must not fire: a new status word (new work), none before, or one that leads its row.
		{"… 0 rows  [M] •0   96% sorting…", "… 0 rows  [M] •0   99% reading…", false},
		{"1› data|  ]   sort-desc 0 rows", "1› data|  ]   sort-desc 0 rows   1% sorting…", false},
		{"Indexing files...", "Indexing files 2...", false},
	} {
		if got := standingTail(nil, c.old, c.text); got != c.want {
			t.Errorf("standingTail(%q, %q) = %v, want %v", c.old, c.text, got, c.want)
		}
	}
}
