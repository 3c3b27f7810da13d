package ready

// clocks: a clock or timer ticking (clock.go) is no change. The screen
// becomes the new view, its cursor as it was drawn, and the clock's rows
// are no output of the program. It remembers which rows hold a ticking
// clock or timer, and what each row's duration tokens showed.
type clocks struct {
	rows   map[int]bool      // rows seen holding a ticking clock or timer
	timers map[int]*timerRow // what each row's duration tokens showed
}

func init() {
	perceive(perceptionKind{name: "clock", rank: lookClock, part: func(f *facts) perception { return &f.clock }})
}

func (c *clocks) look(f *facts, g *glance) bool {
	ticked, only := c.ticked(f, g.old, g.cur, g.t)
	g.ticked = ticked
	if only {
		// A clock or timer ticking: what is on screen is new, but the
		// program did nothing, and the clock's rows are no output of its.
		if c.rows == nil {
			c.rows = map[int]bool{}
		}
		for r := range ticked {
			c.rows[r] = true
		}
		g.cur.drawn, g.cur.drawnBefore = g.old.drawn, g.old.drawnBefore
		f.match(g.cur)
		f.view = g.cur
		return false
	}
	if len(c.rows) == 0 {
		return true
	}
	over, grown := g.changed()
	for _, rows := range [2][]int{over, grown} {
		for _, r := range rows {
			if c.rows[r] && g.cur.row(r) != "" && !hasTick(g.cur.row(r)) {
				delete(c.rows, r) // something else took the clock's row
			}
		}
	}
	return true
}
