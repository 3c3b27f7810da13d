package termtest

import "github.com/ttyrig/ttyrig/ready"

// Profile returns the readiness profile the terminal decides with.
func (t *Terminal) Profile() ready.Profile { return t.sess.Profile() }
