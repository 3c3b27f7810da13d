//go:build linux && !amd64 && !arm64

package kernel

// table is nil on architectures whose system call numbers are not listed
// here: Open reports ErrUnsupported.
var table *syscalls
