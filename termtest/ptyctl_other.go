//go:build !linux

package termtest

// termiosEcho cannot tell elsewhere: not every system's PTY master reports
// the slave's attributes, so input is recorded as typed (see WithRedaction).
func termiosEcho(int) (on, known bool) { return false, false }
