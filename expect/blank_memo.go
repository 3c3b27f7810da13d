package expect

import (
	"regexp"
	"sync"
)

// blankMemo keeps the patterns blankTails made, by the text they were made
// for: tests wait for the same texts again and again (a shell's prompt in
// every test), and compiling the pattern again was 1.7 % of a round trip's
// CPU and 8 KB of its allocation. A Regexp is safe for concurrent use.
// Bounded: past maxBlankMemo texts it starts again.
var blankMemo struct {
	sync.Mutex
	m map[string]*regexp.Regexp
}

const maxBlankMemo = 1024

// blankPattern is blankTails(s), made once per text.
func blankPattern(s string) *regexp.Regexp {
	blankMemo.Lock()
	re, ok := blankMemo.m[s]
	blankMemo.Unlock()
	if ok {
		return re
	}
	re = blankTails(s)
	blankMemo.Lock()
	defer blankMemo.Unlock()
	if blankMemo.m == nil || len(blankMemo.m) >= maxBlankMemo {
		blankMemo.m = make(map[string]*regexp.Regexp)
	}
	blankMemo.m[s] = re
	return re
}
