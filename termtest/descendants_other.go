//go:build !linux

package termtest

// Without /proc, Close cannot find the processes that escaped the
// program's process group: it ends the group only.

type termSpan struct{}

func trackTerminal(leader int) *termSpan                          { return &termSpan{} }
func closeSpan(s *termSpan)                                       {}
func reaping(s *termSpan)                                         {}
func treeOf(root int) map[int]bool                                { return nil }
func endDescendants(s *termSpan, tag string, before map[int]bool) {}
func hupIgnored(pid int) (hup, term bool)                         { return false, false }
