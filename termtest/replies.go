package termtest

// repliesUnwritten reports whether an answer to a terminal query is queued
// or being written: the program cannot have read it yet. A kernel look
// begun then is not fed to the engine (observeKernel), as a look begun
// before typed input was written is not: the program, found waiting on
// the terminal with nothing unread, is waiting for the answer, not for
// the user. Live, at load 35: the cpr fixture printed its query and a
// note after it (so the screen saw no query pending), and the look that
// found it still in ppoll(tty), its answer not yet written, was called
// ready 38 ms before the program had its answer (TestReadyCursorPositionQuery).
func (q *inputQueue) repliesUnwritten() bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.replyBytes > 0 || q.replying
}
