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
// or waited on a run queue to use, between two looks (View.CPU). It keeps each thread's run time from the
// look before; a thread that came since counts from its start, never more
// than the wall time between the looks.
type cpuClock struct {
	mu    sync.Mutex
	at    time.Time        // the previous look; zero before the first
	pgrp  int              // the group it measured
	spent map[int64]uint64 // run time (ns) by pid<<32|tid at the previous look
	next  map[int64]uint64 // reused for the look in progress
}

// share returns the group's CPU time since the previous look as a share
// of the wall time between them, in percent of one core rounded to ten
// ("0%", "90%", "180%"), and each thread's scheduling count (schedstat's
// third field; ok false where the kernel keeps no schedstat) for ranRuns.
// The first look of a group says nothing ("").
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
	prevAt, prev, same := c.at, c.spent, c.pgrp == pgrp
	c.at, c.pgrp = now, pgrp
	c.spent, c.next = c.next, prev
	wall := now.Sub(prevAt)
	if !known || !same || prevAt.IsZero() || wall <= 0 {
		return ""
	}
	var used time.Duration
	for id, ns := range c.spent {
		before, seen := prev[id]
		d := time.Duration(ns - before)
		if !seen || ns < before {
			d = time.Duration(ns) // came since (or a reused id): its whole life, bounded below
		}
		used += min(d, wall)
	}
	pct := (int64(used)*100/int64(wall) + 5) / 10 * 10
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
