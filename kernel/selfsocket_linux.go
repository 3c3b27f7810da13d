//go:build linux

package kernel

import (
	"encoding/binary"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"syscall"

	"golang.org/x/sys/unix"
)

// maxPeers bounds the unix sockets whose peers are remembered; past it
// the memory starts over.
const maxPeers = 256

// peers remembers the peer of each unix socket asked about, by inode: a
// connected unix socket's peer never changes, so one netlink query per
// socket serves every later look.
type peers struct {
	mu  sync.Mutex
	ino map[uint64]uint64
}

// selfSocket reports whether pid holds both ends of the unix socket l
// (fd's link, "socket:[ino]"): a socketpair it made to wake itself, as
// asyncio's self-pipe is. The peer is asked of the kernel (sock_diag,
// UDIAG_SHOW_PEER); when it cannot tell (no unix_diag, another network
// namespace, not a unix socket, no peer) the socket is not the program's
// own.
func (p *peers) selfSocket(pid, fd int, l string) bool {
	ino, err := strconv.ParseUint(strings.TrimSuffix(strings.TrimPrefix(l, "socket:["), "]"), 10, 32)
	if err != nil {
		return false
	}
	p.mu.Lock()
	peer, ok := p.ino[ino]
	p.mu.Unlock()
	if !ok {
		// A socket with no peer here (not a unix socket, another
		// namespace, unconnected) is remembered too, as 0: an agent's
		// network sockets would otherwise be asked about at every look.
		peer, _ = unixPeer(ino)
		p.mu.Lock()
		if p.ino == nil || len(p.ino) >= maxPeers {
			p.ino = make(map[uint64]uint64)
		}
		p.ino[ino] = peer
		p.mu.Unlock()
	}
	return peer != 0 && holds(pid, fd, fmt.Sprintf("socket:[%d]", peer))
}

// Constants of linux/unix_diag.h that x/sys/unix does not carry.
const (
	udiagShowPeer = 0x4 // UDIAG_SHOW_PEER
	unixDiagPeer  = 2   // UNIX_DIAG_PEER
)

// unixPeer asks the kernel for the inode of the peer of the unix socket
// whose inode is ino (NETLINK_SOCK_DIAG, one exact request).
func unixPeer(ino uint64) (uint64, bool) {
	s, err := unix.Socket(unix.AF_NETLINK, unix.SOCK_RAW|unix.SOCK_CLOEXEC, unix.NETLINK_SOCK_DIAG)
	if err != nil {
		return 0, false
	}
	defer unix.Close(s)
	tv := unix.Timeval{Usec: 200_000} // bounded: the kernel answers at once or not at all
	if unix.SetsockoptTimeval(s, unix.SOL_SOCKET, unix.SO_RCVTIMEO, &tv) != nil {
		return 0, false
	}
	// nlmsghdr (16 bytes), then unix_diag_req: family, protocol, pad,
	// states, ino, show, cookie[2] (no cookie: both ~0).
	req := make([]byte, 16+24)
	ne := binary.NativeEndian
	ne.PutUint32(req[0:], uint32(len(req)))
	ne.PutUint16(req[4:], unix.SOCK_DIAG_BY_FAMILY)
	ne.PutUint16(req[6:], unix.NLM_F_REQUEST)
	ne.PutUint32(req[8:], 1)
	req[16] = unix.AF_UNIX
	ne.PutUint32(req[20:], ^uint32(0)) // every state
	ne.PutUint32(req[24:], uint32(ino))
	ne.PutUint32(req[28:], udiagShowPeer)
	ne.PutUint32(req[32:], ^uint32(0))
	ne.PutUint32(req[36:], ^uint32(0))
	if err := unix.Sendto(s, req, 0, &unix.SockaddrNetlink{Family: unix.AF_NETLINK}); err != nil {
		return 0, false
	}
	buf := make([]byte, 4096)
	n, _, err := unix.Recvfrom(s, buf, 0)
	if err != nil {
		return 0, false
	}
	msgs, err := syscall.ParseNetlinkMessage(buf[:n])
	if err != nil || len(msgs) != 1 || msgs[0].Header.Type != unix.SOCK_DIAG_BY_FAMILY {
		return 0, false // NLMSG_ERROR: no such unix socket here
	}
	// unix_diag_msg: family, type, state, pad, ino, cookie[2]; then
	// attributes.
	d := msgs[0].Data
	if len(d) < 16 || uint64(ne.Uint32(d[4:])) != ino {
		return 0, false
	}
	for a := d[16:]; len(a) >= 4; {
		size, typ := int(ne.Uint16(a[0:])), ne.Uint16(a[2:])
		if size < 4 || size > len(a) {
			return 0, false
		}
		if typ == unixDiagPeer && size >= 8 {
			if peer := uint64(ne.Uint32(a[4:])); peer != 0 {
				return peer, true
			}
			return 0, false
		}
		a = a[min((size+3)&^3, len(a)):]
	}
	return 0, false
}

// holds reports whether pid holds a descriptor other than fd whose link is
// l. The two descriptors pipe(2) and socketpair(2) return are adjacent,
// looked at first, before all of them.
func holds(pid, fd int, l string) bool {
	for _, other := range []int{fd - 1, fd + 1} {
		if ol, err := os.Readlink(fmt.Sprintf("/proc/%d/fd/%d", pid, other)); err == nil && ol == l {
			return true
		}
	}
	ents, err := os.ReadDir(fmt.Sprintf("/proc/%d/fd", pid))
	if err != nil {
		return false
	}
	for i, e := range ents {
		if i == maxFDs {
			break
		}
		other, err := strconv.Atoi(e.Name())
		if err != nil || other == fd {
			continue
		}
		if ol, err := os.Readlink(fmt.Sprintf("/proc/%d/fd/%d", pid, other)); err == nil && ol == l {
			return true
		}
	}
	return false
}
