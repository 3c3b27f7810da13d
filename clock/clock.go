// Package clock gives the readiness engine, the screen and replay one notion
// of time. Live terminals use Real; replay and tests use a Virtual clock so
// that every decision is deterministic and no decision ever sleeps.
package clock

import (
	"sync"
	"time"
)

// Clock tells the time. Everything in ttyrig that makes a decision from time
// reads it from a Clock instead of calling time.Now directly.
type Clock interface {
	Now() time.Time
}

type realClock struct{}

func (realClock) Now() time.Time { return time.Now() }

// Real is the wall clock.
var Real Clock = realClock{}

// Virtual is a clock that moves only when told to. It is safe for
// concurrent use. Replay sets it to each recorded event's time.
type Virtual struct {
	mu  sync.Mutex
	now time.Time
}

// NewVirtual returns a virtual clock reading start.
func NewVirtual(start time.Time) *Virtual { return &Virtual{now: start} }

// Now returns the clock's current reading.
func (v *Virtual) Now() time.Time {
	v.mu.Lock()
	defer v.mu.Unlock()
	return v.now
}

// Set moves the clock to t. A t before the current reading is ignored, so
// the clock never runs backwards.
func (v *Virtual) Set(t time.Time) {
	v.mu.Lock()
	defer v.mu.Unlock()
	if t.After(v.now) {
		v.now = t
	}
}

// Advance moves the clock forward by d (negative d is ignored).
func (v *Virtual) Advance(d time.Duration) {
	if d <= 0 {
		return
	}
	v.mu.Lock()
	defer v.mu.Unlock()
	v.now = v.now.Add(d)
}
