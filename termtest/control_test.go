package termtest_test

import "time"

// sleepBeside sleeps until bound after t0 on a goroutine of its own and
// sends how long after that it woke: the control a timed wait is judged
// against (sleepControl). A wait that returns late because the machine did
// not run the process is late by as much as the sleep; what it takes past
// the sleep is the library's.
func sleepBeside(t0 time.Time, bound time.Duration) <-chan time.Duration {
	c := make(chan time.Duration, 1)
	go func() {
		time.Sleep(bound - time.Since(t0))
		c <- time.Since(t0) - bound
	}()
	return c
}
