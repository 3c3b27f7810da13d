//go:build linux

package kernel

import (
	"bytes"
	"fmt"
	"strconv"
	"sync"
	"time"

	"github.com/ttyrig/ttyrig/internal/procfs"
)

// cpuClock measures how much CPU time the foreground group's threads used,
// or waited on a run queue to use, over the last cpuSpan of looks
// (View.CPU). It keeps each thread's time from the look before (a thread
// that came since counts from its start, never more than the wall time
// between the looks) and the group's running total at each look of the
// span.
type cpuClock struct {
	mu    sync.Mutex
	pgrp  int              // the group it measured
	spent map[int64]uint64 // run time (ns) by pid<<32|tid at the previous look
	next  map[int64]uint64 // reused for the look in progress
	total time.Duration    // the group's time since its first look
	span  []cpuSample      // the looks of the last cpuSpan, oldest first; none before the first
}

type cpuSample struct {
	at    time.Time
	total time.Duration
}

// cpuSpan is the least wall time a share is measured over. A thread's
// time advances in steps: its wait on a run queue is counted when it gets
// the CPU, so one look 5 ms after another may find a loop that burns
// nothing (it waited) and the next one twice its share; live, on a
// loaded machine, a look found bpython at 0 % and the next, 64 ms later,
// at 110 %. Over 50 ms the steps even out, and the share changes little
// from look to look (a recording keeps changes only).
const cpuSpan = 50 * time.Millisecond

// share returns the group's CPU time over the last cpuSpan (or since its
// first look, if less) as a share of the wall time, in percent of one
// core rounded to ten ("0%", "90%", "180%"), and fills each thread's
// scheduling count (schedstat's third field) for ranRuns. The first look
// of a group, or one with a thread unreadable, says nothing ("").
func (c *cpuClock) share(pgrp int, procs []proc, pids []int) string {
	now := time.Now()
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.next == nil {
		c.next = map[int64]uint64{}
	}
	clear(c.next)
	known := true
	for i := range procs {
		for j := range procs[i].threads {
			t := &procs[i].threads[j]
			ns, runs, schedOK, ok := runTime(pids[i], t.tid)
			if !ok {
				known = false
				continue
			}
			if schedOK {
				t.runs, t.runsOK = runs, true
			}
			c.next[int64(pids[i])<<32|int64(t.tid)] = ns
		}
	}
	prev := c.spent
	c.spent, c.next = c.next, prev
	if !known || c.pgrp != pgrp || len(c.span) == 0 {
		// A new group, or a gap in what was read: start again.
		c.pgrp, c.total = pgrp, 0
		c.span = append(c.span[:0], cpuSample{at: now})
		if !known {
			c.span = c.span[:0]
		}
		return ""
	}
	wall := now.Sub(c.span[len(c.span)-1].at)
	if wall <= 0 {
		return ""
	}
	for id, ns := range c.spent {
		before, seen := prev[id]
		d := time.Duration(ns - before)
		if !seen || ns < before {
			d = time.Duration(ns) // came since (or a reused id): its whole life, bounded below
		}
		c.total += min(d, wall)
	}
	// Keep the newest sample at least cpuSpan old, and those after it.
	drop := 0
	for drop+1 < len(c.span) && now.Sub(c.span[drop+1].at) >= cpuSpan {
		drop++
	}
	c.span = append(c.span[:0], c.span[drop:]...)
	from := c.span[0]
	c.span = append(c.span, cpuSample{at: now, total: c.total})
	pct := (int64(c.total-from.total)*100/int64(now.Sub(from.at)) + 5) / 10 * 10
	return strconv.FormatInt(pct, 10) + "%"
}

// runTime reads how long thread tid of pid has run or waited on a run
// queue to run, in ns: schedstat's first two fields. On a loaded machine
// a loop that would burn a core gets a part of one: live, with the load
// at 13 on 2 cores, bpython loading its index under strace ran 30-40 % of
// the wall time and waited for a CPU most of the rest; what it wanted is
// its work, what it got is the machine's. Where the kernel keeps no
// schedstat: utime+stime of its stat, in clock ticks (10 ms steps), the
// time it ran alone. schedOK says runs (schedstat's
// third field, the times it was scheduled) was read too.
func runTime(pid, tid int) (ns, runs uint64, schedOK, ok bool) {
	if b, ok := readSmall(fmt.Sprintf("/proc/%d/task/%d/schedstat", pid, tid)); ok {
		if f := bytes.Fields(b); len(f) == 3 {
			ran, err1 := strconv.ParseUint(string(f[0]), 10, 64)
			queued, err2 := strconv.ParseUint(string(f[1]), 10, 64)
			runs, err3 := strconv.ParseUint(string(f[2]), 10, 64)
			if err1 == nil && err2 == nil && err3 == nil {
				return ran + queued, runs, true, true
			}
		}
	}
	b, err := procfs.Read(fmt.Sprintf("/proc/%d/task/%d/stat", pid, tid))
	if err != nil {
		return 0, 0, false, false
	}
	end := bytes.LastIndexByte(b, ')')
	if end < 0 {
		return 0, 0, false, false
	}
	f := bytes.Fields(b[end+1:])
	if len(f) < 13 {
		return 0, 0, false, false
	}
	// After the command: state is field 3 of stat(5), utime 14, stime 15.
	ut, err1 := strconv.ParseUint(string(f[11]), 10, 64)
	st, err2 := strconv.ParseUint(string(f[12]), 10, 64)
	if err1 != nil || err2 != nil {
		return 0, 0, false, false
	}
	return (ut + st) * uint64(time.Second/clockTicks), 0, false, true
}

// clockTicks is USER_HZ, the unit of stat's utime and stime: 100 on every
// Linux architecture Go supports.
const clockTicks = 100
