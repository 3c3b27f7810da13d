package ready

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// Region says where on the screen a marker is looked for. In JSON it is a
// string: "title", "screen", "cursor_line", "last_lines:N" (the N rows
// ending at the last row that holds text or the cursor) or "above_input:N"
// (the N rows right above the cursor's row: the block above an input box).
//
// Scoping matters: a busy phrase left in the scrollback or in the program's
// own answer must not keep a finished program busy, and a footer that is
// always on screen must not count at all.
type Region struct {
	Kind  RegionKind
	Lines int // for LastLines and AboveInput
}

// RegionKind is the kind of a Region.
type RegionKind string

// The region kinds.
const (
	RegionScreen     RegionKind = "screen"
	RegionTitle      RegionKind = "title"
	RegionCursorLine RegionKind = "cursor_line"
	RegionLastLines  RegionKind = "last_lines"
	RegionAboveInput RegionKind = "above_input"
)

// LastLines is the region of the n rows ending at the last row that holds
// text or the cursor.
func LastLines(n int) Region { return Region{Kind: RegionLastLines, Lines: n} }

// AboveInput is the region of the n rows right above the cursor's row.
func AboveInput(n int) Region { return Region{Kind: RegionAboveInput, Lines: n} }

// Title is the window title (OSC 0/2).
var Title = Region{Kind: RegionTitle}

// WholeScreen is every row of the screen.
var WholeScreen = Region{Kind: RegionScreen}

// CursorLine is the cursor's row.
var CursorLine = Region{Kind: RegionCursorLine}

func (r Region) String() string {
	switch r.Kind {
	case RegionLastLines, RegionAboveInput:
		return fmt.Sprintf("%s:%d", r.Kind, r.Lines)
	case "":
		return string(RegionScreen)
	}
	return string(r.Kind)
}

// ParseRegion parses the JSON string form of a Region.
func ParseRegion(s string) (Region, error) {
	kind, n, hasN := strings.Cut(s, ":")
	switch RegionKind(kind) {
	case RegionScreen, RegionTitle, RegionCursorLine:
		if hasN {
			return Region{}, fmt.Errorf("region %q takes no line count", s)
		}
		return Region{Kind: RegionKind(kind)}, nil
	case RegionLastLines, RegionAboveInput:
		lines, err := strconv.Atoi(n)
		if !hasN || err != nil || lines < 1 {
			return Region{}, fmt.Errorf("region %q needs a positive line count, like %q", s, kind+":8")
		}
		return Region{Kind: RegionKind(kind), Lines: lines}, nil
	}
	return Region{}, fmt.Errorf("unknown region %q (want title, screen, cursor_line, last_lines:N or above_input:N)", s)
}

// MarshalJSON writes the region as its string form.
func (r Region) MarshalJSON() ([]byte, error) { return json.Marshal(r.String()) }

// UnmarshalJSON reads the string form.
func (r *Region) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return fmt.Errorf("region must be a string like \"last_lines:8\", got %s", b)
	}
	p, err := ParseRegion(s)
	if err != nil {
		return err
	}
	*r = p
	return nil
}

// rows returns the 1-based rows of the region on v, top to bottom, or nil
// for the title.
func (r Region) rows(v *view) (first, last int) {
	switch r.Kind {
	case RegionTitle:
		return 0, -1
	case RegionCursorLine:
		return v.cursor.Row, v.cursor.Row
	case RegionLastLines:
		return max(v.bottom-r.Lines+1, 1), v.bottom
	case RegionAboveInput:
		return max(v.cursor.Row-r.Lines, 1), v.cursor.Row - 1
	}
	return 1, len(v.rows)
}
