//go:build !linux

package kernel

import "os"

// Observer observes one PTY. Outside Linux there is nothing to observe:
// Open always fails with ErrUnsupported.
type Observer struct{}

// Open returns ErrUnsupported outside Linux.
func Open(master *os.File, leader int) (*Observer, error) { return nil, ErrUnsupported }

// Observe returns ErrUnsupported outside Linux.
func (o *Observer) Observe() (View, error) { return View{}, ErrUnsupported }

// Pending reports false outside Linux.
func (o *Observer) Pending() bool { return false }
