package ready

import "time"

// rowTimes: when each row last changed, stamped on every visible change
// with the rows it overwrote or grew.
type rowTimes struct {
	at []time.Time // row r's at at[r-1]
}

func init() {
	perceive(perceptionKind{name: "rows", rank: lookRows, part: func(f *facts) perception { return &f.rows }})
}

func (rt *rowTimes) look(_ *facts, g *glance) bool {
	if n := len(g.cur.rows); len(rt.at) != n {
		rt.at = make([]time.Time, n)
	}
	over, grown := g.changed()
	for _, rows := range [2][]int{over, grown} {
		for _, r := range rows {
			rt.at[r-1] = g.t
		}
	}
	return true
}
