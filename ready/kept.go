package ready

import "time"

// Votes kept. Most evaluations follow events that change nothing most
// signals read: a kernel view changes the kernel signal's own state (and
// the facts only through restartQuiet and reacted), a tick changes only
// the time. A signal that declares it reads nothing else (steady) keeps
// its last abstention while the facts are at the revision it was made at
// and the time it asked to be asked again has not come: the engine reuses
// it instead of asking. Only abstentions are kept: a vote that decides is
// always asked afresh, so its reason (often a duration since something) is
// the one the clock gives now.
//
// The facts' revision (facts.rev) moves at every event but a Kernel one,
// at every change a kernel view makes to the facts, when the question
// signal declares a question and when the engine first waits: everything
// a steady signal reads but the clock.

// steady is a signal whose vote reads only the facts and the clock, none of
// the kernel signal's state and no state of its own that anything but a
// visible change moves, and whose abstention, made at t with the facts
// unchanged, stays an abstention with the same look again until that look
// again comes (vote.again; for ever when none): the conditions on the
// clock that make it abstain only grow truer as time passes, or end at
// vote.again. Each steady signal says why beside its steady method, in its
// own file.
type steady interface {
	steady()
}

// keptVote is a steady signal's last abstention and the facts' revision it
// was made at.
type keptVote struct {
	steady bool // the signal is steady: its abstentions are kept
	valid  bool // an abstention is kept
	rev    uint64
	again  time.Time
}

// reuse reports whether the abstention kept in k still holds at now.
func (k *keptVote) reuse(rev uint64, now time.Time) bool {
	return k.valid && k.rev == rev && (k.again.IsZero() || now.Before(k.again))
}

// keep notes v, made at the facts' revision rev.
func (k *keptVote) keep(rev uint64, v vote) {
	k.valid, k.rev, k.again = v.verdict == abstain, rev, v.again
}
