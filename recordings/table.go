package recordings

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

// WriteTable renders calibrations as an aligned text table, one row per
// recording.
func WriteTable(w io.Writer, cals []*Calibration) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "recording\truntime\tturns\tidle col\tidle row↑\tbusy cols\tdistinct\tlongest busy gap\tmin quiet\tlatency p50\tp95\tmissed\tpremature\tsignals\tpremature by the usual rules")
	for _, c := range cals {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%s\t%s\t%s\t%v\t%s\t%s\t%s\t%s\t%d\t%d\t%s\t%s\n",
			c.Recording, c.Runtime, c.Turns, ints(c.IdleCols, c.IdleHidden), ints(c.IdleRowUp, false), ints(c.BusyCols, false),
			c.Distinct, c.LongestBusyGap, c.MinQuiet, Duration(c.Percentile(50)), Duration(c.Percentile(95)),
			c.Missed, c.Premature, strings.Join(c.Signals, ","), baselines(c.Baselines))
	}
	return tw.Flush()
}

// WriteJSON renders calibrations as indented JSON.
func WriteJSON(w io.Writer, cals []*Calibration) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(cals)
}

func ints(v []int, hidden bool) string {
	if len(v) == 0 {
		return "-"
	}
	s := make([]string, len(v))
	for i, n := range v {
		s[i] = fmt.Sprint(n)
	}
	out := strings.Join(s, ",")
	if hidden {
		out += " (hidden)"
	}
	return out
}

func baselines(bs []BaselineResult) string {
	if len(bs) == 0 {
		return "-"
	}
	s := make([]string, len(bs))
	for i, b := range bs {
		s[i] = fmt.Sprintf("%s: %d", b.Name, b.Premature)
	}
	return strings.Join(s, "; ")
}
