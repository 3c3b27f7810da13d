package recordings_test

import (
	"fmt"
	"slices"
	"syscall"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/recordings"
)

// tenMinutes is at least ten minutes of marked recordings of one program:
// Claude Code's marked recordings, repeated under new names.
func tenMinutes(b *testing.B) []recordings.Marked {
	b.Helper()
	return tenMinutesOf(b, "agents/claude-long-session.cast", "agents/claude-notify.cast",
		"agents/claude-trust.cast", "agents/claude-two-turns.cast")
}

// tenMinutesOf is the marked recordings at paths, repeated under new names
// to ten minutes at least.
func tenMinutesOf(b *testing.B, paths ...string) []recordings.Marked {
	b.Helper()
	base, err := recordings.ReadMarked(paths...)
	if err != nil {
		b.Fatal(err)
	}
	var out []recordings.Marked
	var total time.Duration
	for i := 0; total < 10*time.Minute; i++ {
		m := base[i%len(base)]
		// A copy of its own, so nothing is shared between copies (the
		// learner's score cache is keyed by recording).
		c := *m.Cast
		c.Events = slices.Clone(c.Events)
		out = append(out, recordings.Marked{Name: fmt.Sprintf("%s-%d", m.Name, i), Cast: &c})
		total += m.Cast.Duration()
	}
	return out
}

func recorded(recs []recordings.Marked) time.Duration {
	var d time.Duration
	for _, r := range recs {
		d += r.Cast.Duration()
	}
	return d
}

// BenchmarkLearnTenMinutes is calibrate --learn's learning on ten minutes of
// recordings: every recording replayed to collect its evidence, the
// profile derived, and replayed again to score it.
func BenchmarkLearnTenMinutes(b *testing.B) {
	measure(b, func(recs []recordings.Marked) error {
		_, err := recordings.Learn("claude", recs)
		return err
	})
}

// BenchmarkLeaveOneOutTenMinutes is the check calibrate --learn prints
// after learning, on the same recordings: one profile learnt per recording
// left out, each scored on it beside generic.
func BenchmarkLeaveOneOutTenMinutes(b *testing.B) {
	measure(b, func(recs []recordings.Marked) error {
		_, err := recordings.LeaveOneOut("claude", recs, nil)
		return err
	})
}

// BenchmarkLearnAndCheckTenMinutes is all calibrate --learn does: learn,
// then the leave-one-out check, sharing their replays (issue 21: ≤ 2 s of
// wall time for ten minutes of recordings). Its wall-p50-s is the target's
// measure; cpu-s/op shows the work when other processes share the cores.
func BenchmarkLearnAndCheckTenMinutes(b *testing.B) {
	measure(b, func(recs []recordings.Marked) error {
		_, _, err := recordings.LearnAndCheck("claude", recs, nil)
		return err
	})
}

// BenchmarkLearnAndCheckTenMinutesQwen is the same on Qwen Code's
// recordings, whose profile without busy-gone is slower than 150 ms at the
// median on its training recordings: each fold learns a second profile,
// with busy-gone at the input position, and tries its quiet windows
// (learn_atinput.go).
func BenchmarkLearnAndCheckTenMinutesQwen(b *testing.B) {
	recs := tenMinutesOf(b, "agents/generic/qwen-approval.cast", "agents/generic/qwen-slow-stream.cast",
		"agents/generic/qwen-two-turns.cast")
	measureOn(b, recs, func(recs []recordings.Marked) error {
		_, _, err := recordings.LearnAndCheck("qwen", recs, nil)
		return err
	})
}

// measure runs f on ten minutes of recordings b.N times and reports,
// beside ns/op, the median and the spread of each run's wall time and the
// CPU time per run.
func measure(b *testing.B, f func([]recordings.Marked) error) {
	measureOn(b, tenMinutes(b), f)
}

func measureOn(b *testing.B, recs []recordings.Marked, f func([]recordings.Marked) error) {
	b.ReportMetric(recorded(recs).Seconds(), "recorded-s")
	walls := make([]float64, 0, b.N)
	b.ResetTimer()
	cpu := cpuTime()
	for range b.N {
		start := time.Now()
		if err := f(recs); err != nil {
			b.Fatal(err)
		}
		walls = append(walls, time.Since(start).Seconds())
	}
	b.StopTimer()
	b.ReportMetric((cpuTime()-cpu).Seconds()/float64(b.N), "cpu-s/op")
	slices.Sort(walls)
	b.ReportMetric(walls[len(walls)/2], "wall-p50-s")
	b.ReportMetric(walls[0], "wall-min-s")
	b.ReportMetric(walls[len(walls)-1], "wall-max-s")
}

// cpuTime is the CPU time this process has used: beside ns/op, it shows
// the work done when other processes share the machine's cores.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
