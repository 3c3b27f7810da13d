//go:build linux

package kernel

import (
	"fmt"
	"os"
	"testing"

	"golang.org/x/sys/unix"
)

// inode is the inode of the socket fd of this process.
func inode(t *testing.T, fd int) uint64 {
	t.Helper()
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil {
		t.Fatal(err)
	}
	return st.Ino
}

// The kernel names each end of a socketpair as the other's peer; a socket
// it does not know (a pipe's inode) has none, and neither does a unix
// socket not connected.
func TestUnixPeer(t *testing.T) {
	fds, err := unix.Socketpair(unix.AF_UNIX, unix.SOCK_STREAM|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { unix.Close(fds[0]); unix.Close(fds[1]) })
	a, b := inode(t, fds[0]), inode(t, fds[1])
	if p, ok := unixPeer(a); !ok || p != b {
		t.Errorf("unixPeer(%d) = %d, %t; want %d (its pair), true", a, p, ok, b)
	}
	if p, ok := unixPeer(b); !ok || p != a {
		t.Errorf("unixPeer(%d) = %d, %t; want %d (its pair), true", b, p, ok, a)
	}

	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close(); w.Close() })
	if p, ok := unixPeer(inode(t, int(r.Fd()))); ok {
		t.Errorf("unixPeer of a pipe's inode = %d, true; want false", p)
	}
	lone, err := unix.Socket(unix.AF_UNIX, unix.SOCK_STREAM|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { unix.Close(lone) })
	if p, ok := unixPeer(inode(t, lone)); ok {
		t.Errorf("unixPeer of an unconnected socket = %d, true; want false", p)
	}
}

// Both ends held by this process: its own; one end given away (closed
// here): not, though the peer is remembered.
func TestSelfSocket(t *testing.T) {
	fds, err := unix.Socketpair(unix.AF_UNIX, unix.SOCK_STREAM|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { unix.Close(fds[0]) })
	var p peers
	link := fmt.Sprintf("socket:[%d]", inode(t, fds[0]))
	pid := os.Getpid()
	if !p.selfSocket(pid, fds[0], link) {
		t.Errorf("a socketpair this process holds both ends of: not its own, want its own")
	}
	unix.Close(fds[1])
	if p.selfSocket(pid, fds[0], link) {
		t.Errorf("a socket whose peer this process no longer holds: its own, want not")
	}
	if p.selfSocket(pid, fds[0], "socket:[x]") {
		t.Errorf("a garbled link: its own, want not")
	}
}
