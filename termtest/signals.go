package termtest

import (
	"os"
	"os/signal"
	"sync"
	"syscall"
)

// terminalSignals makes the programs this process starts get Ctrl-C and
// their terminal's hangup as in any terminal. A test binary started as a
// background job of a non-interactive shell (`make test &` in a script, a
// CI runner's step) inherits SIGINT ignored, one under nohup SIGHUP; Go
// leaves these two ignored (it takes every other signal), and exec keeps
// an ignored signal ignored, through every shell, to the program under
// test: python3 then installs no KeyboardInterrupt and sleeps through ^C.
// A signal this process handles is reset to its default in a child, so an
// ignored one is handled here and dropped: this process still ignores it;
// its programs do not.
var terminalSignals = sync.OnceFunc(func() {
	for _, s := range []os.Signal{os.Interrupt, syscall.SIGHUP} {
		if signal.Ignored(s) {
			signal.Notify(make(chan os.Signal, 1), s)
		}
	}
})
