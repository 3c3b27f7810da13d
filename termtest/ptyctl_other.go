//go:build !linux

package termtest

// termiosSecret cannot tell elsewhere: not every system's PTY master
// reports the slave's attributes (see WithRedaction).
func termiosSecret(int) (secret, known bool) { return false, false }
