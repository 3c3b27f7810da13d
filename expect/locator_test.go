package expect_test

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/expect"
	"github.com/ttyrig/ttyrig/screen"
)

func menuScreen(t *testing.T) screen.Snapshot {
	s := screen.New(30, 6)
	t.Cleanup(func() { s.Close() })
	s.WriteAt(time.Now(), []byte("Pick a fruit:\r\n  apple\r\n\x1b[7m> 宽banana\x1b[m\r\n  \x1b[1;34mcherry\x1b[m\r\n  banana split\r\n"))
	return s.Snapshot()
}

func TestLocators(t *testing.T) {
	snap := menuScreen(t)
	holds := []expect.Condition{
		expect.Text("apple").Visible(),
		expect.Text("宽banana").Highlighted(),
		expect.Text("banana").First().Highlighted(),
		expect.Text("banana").Nth(2).Visible(),
		expect.Not(expect.Text("banana").Nth(2).Highlighted()),
		expect.Not(expect.Text("apple").Highlighted()),
		expect.Text("banana").Count(2),
		expect.Text("kiwi").Count(0),
		expect.Text("cherry").HasStyle("bold fg=blue"),
		expect.TextMatching(regexp.MustCompile(`ch\w+`)).HasStyle("bold"),
		expect.Text("banana").First().HasStyle("reverse"),
	}
	for _, c := range holds {
		if err := c.Check(snap); err != nil {
			t.Errorf("%s: %v", c, err)
		}
	}
	fails := map[expect.Condition]string{
		expect.Text("banana").Highlighted():           `found "banana" 2 times (at 3,5, 5,3); say First() or Nth(n)`,
		expect.Text("kiwi").Visible():                 `"kiwi" is not on the screen`,
		expect.Not(expect.Text("kiwi").Highlighted()): `"kiwi" is not on the screen`,
		expect.Text("apple").Highlighted():            `"apple" at 2,3: cell 1 ("a") is in the default style`,
		expect.Text("cherry").HasStyle("fg=red"):      `cell 1 ("c") is bold fg=blue`,
		expect.Text("banana").Count(1):                `"banana" appears 2 times`,
		expect.Text("banana").Nth(3).Visible():        `found "banana" 2 times, not 3`,
	}
	for c, want := range fails {
		err := c.Check(snap)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: err = %v, want it to say %q", c, err, want)
		}
	}
	m, err := expect.Text("banana").First().Find(snap)
	if err != nil || m.Start != (screen.Position{Row: 3, Col: 5}) || len(m.Cells) != 6 || !m.Cells[0].Reverse {
		t.Errorf("Find = %+v, %v; want banana at 3,5 (after a wide character), 6 reversed cells", m, err)
	}
}
