package recordings_test

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/vt"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/benchmarks/pairs"
	"github.com/ttyrig/ttyrig/fixtures/streams"
	"github.com/ttyrig/ttyrig/recordings"
	"github.com/ttyrig/ttyrig/screen"
)

// notInRepository: folders that hold recordings nobody committed, whose
// number changes the benchmark from one machine to the next: a live corpus
// run's (corpus/live, 94 of them, once counted with the repository's 182)
// and the peers' module. Failed tests' (testdata/failures in any
// package, kept for debugging) are skipped too.
var notInRepository = map[string]bool{
	filepath.Join("..", "corpus", "live"):      true,
	filepath.Join("..", "benchmarks", "peers"): true,
}

// everyRecording reads every recording in the repository (*.cast under
// the module root: recordings/testdata, recordings/agents, corpus,
// ready, asciicast, cmd testdata), its output bytes and recorded length.
// A recording that does not replay fails the benchmark: the comparison
// is over all of them or none.
func everyRecording(tb testing.TB) (casts []*asciicast.Cast, names []string, bytesOut int64, recorded time.Duration) {
	tb.Helper()
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") && path != ".." || notInRepository[path] ||
			d.Name() == "failures" && filepath.Base(filepath.Dir(path)) == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".cast") {
			return nil
		}
		c, err := asciicast.ReadFile(path)
		if err != nil {
			return err
		}
		casts, names = append(casts, c), append(names, path)
		recorded += c.Duration()
		for _, e := range c.Events {
			if e.Kind == asciicast.Output {
				bytesOut += int64(len(e.Data))
			}
		}
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	return casts, names, bytesOut, recorded
}

// BenchmarkReplayCorpus replays every recording in the repository through
// the screen and the readiness engine (Replayer.Run), beside raw x/vt fed
// the same output events (vt.Emulator.Write), in interleaved pairs. Both
// sides make what they replay on outside their clock (recordings.Replay,
// vt.NewEmulator) and close it outside it: the clock covers the bytes'
// work only. Issue 22's target: replay with events ≤ 1.3× raw x/vt.
//
//	go test -run '^$' -bench ReplayCorpus -benchtime 1x ./recordings
func BenchmarkReplayCorpus(b *testing.B) {
	casts, names, bytesOut, recorded := everyRecording(b)
	if len(casts) == 0 {
		b.Fatal("no recordings found under the module root")
	}
	for i, c := range casts { // each must replay: fail here, not inside a pair
		rep, err := recordings.Replay(c)
		if err != nil {
			b.Fatalf("%s: %v", names[i], err)
		}
		_ = rep.Close()
	}
	replay := func() float64 {
		reps := make([]*recordings.Replayer, len(casts))
		for i, c := range casts {
			rep, err := recordings.Replay(c)
			if err != nil {
				b.Fatal(err)
			}
			reps[i] = rep
		}
		t0 := time.Now()
		for _, rep := range reps {
			rep.Run()
		}
		took := time.Since(t0)
		for _, rep := range reps {
			_ = rep.Close()
		}
		return pairs.Ms(took)
	}
	raw := func() float64 {
		emus := make([]*vt.Emulator, len(casts))
		for i, c := range casts {
			emus[i] = vt.NewEmulator(c.Header.Width, c.Header.Height)
			go func() { _, _ = io.Copy(io.Discard, emus[i]) }() // x/vt's replies block without a reader
		}
		t0 := time.Now()
		for i, c := range casts {
			for _, e := range c.Events {
				switch e.Kind {
				case asciicast.Output:
					_, _ = emus[i].Write([]byte(e.Data))
				case asciicast.Resize:
					emus[i].Resize(e.Cols, e.Rows)
				}
			}
		}
		took := time.Since(t0)
		for _, emu := range emus {
			_ = emu.Close()
		}
		return pairs.Ms(took)
	}
	r := pairs.Compare(pairs.Count(9), replay, raw)
	pairs.Comparison{
		Name: fmt.Sprintf("replay with events, all %d recordings (%.1f MB, %s recorded)", len(casts), float64(bytesOut)/1e6, recorded.Round(time.Second)),
		A:    "Replayer.Run", B: "raw vt.Emulator.Write", Unit: "ms", Target: 1.3,
	}.Report(b, r)
	b.ReportMetric(float64(bytesOut)/1e6/(pairs.Of(r.A).P50/1000), "replay-MB/s")
	b.ReportMetric(float64(recorded)/float64(time.Millisecond)/pairs.Of(r.A).P50, "x-realtime")
}

// BenchmarkReplayCorpusParts splits BenchmarkReplayCorpus's ratio at the
// screen: the same output and resize events of every recording in the
// repository go to raw x/vt (vt.Emulator.Write), to the screen alone
// (screen.Screen.WriteAt at each event's recorded time: x/vt as the screen
// feeds it, and the screen's reading of what changed), and to the whole
// replay (Replayer.Run: the screen, the session and the readiness
// engine). The three take turns, each first in turn, and each makes what
// it feeds outside its clock (the events' bytes too). Each side is timed
// by the wall clock and by the process's CPU time (user + system, the
// collector's threads included), which a machine shared with other
// processes disturbs less.
//
//	go test -run '^$' -bench ReplayCorpusParts -benchtime 1x ./recordings
func BenchmarkReplayCorpusParts(b *testing.B) {
	casts, _, bytesOut, _ := everyRecording(b)
	if len(casts) == 0 {
		b.Fatal("no recordings found under the module root")
	}
	data := make([][][]byte, len(casts)) // each event's bytes, made once for raw and the screen
	for i, c := range casts {
		data[i] = make([][]byte, len(c.Events))
		for j, e := range c.Events {
			data[i][j] = []byte(e.Data)
		}
	}
	type took struct{ wall, cpu float64 }
	timed := func(work func()) took {
		c0, t0 := cpuTime(), time.Now()
		work()
		return took{pairs.Ms(time.Since(t0)), pairs.Ms(cpuTime() - c0)}
	}
	raw := func() took {
		emus := make([]*vt.Emulator, len(casts))
		for i, c := range casts {
			emus[i] = vt.NewEmulator(c.Header.Width, c.Header.Height)
			go func() { _, _ = io.Copy(io.Discard, emus[i]) }() // x/vt's replies block without a reader
		}
		t := timed(func() {
			for i, c := range casts {
				for j, e := range c.Events {
					switch e.Kind {
					case asciicast.Output:
						_, _ = emus[i].Write(data[i][j])
					case asciicast.Resize:
						emus[i].Resize(e.Cols, e.Rows)
					}
				}
			}
		})
		for _, emu := range emus {
			_ = emu.Close()
		}
		return t
	}
	scr := func() took {
		scrs := make([]*screen.Screen, len(casts))
		for i, c := range casts {
			scrs[i] = screen.New(c.Header.Width, c.Header.Height)
		}
		start := time.Unix(0, 0)
		t := timed(func() {
			for i, c := range casts {
				for j, e := range c.Events {
					switch e.Kind {
					case asciicast.Output:
						scrs[i].WriteAt(start.Add(e.Time), data[i][j])
					case asciicast.Resize:
						scrs[i].Resize(e.Cols, e.Rows)
					}
				}
			}
		})
		for _, s := range scrs {
			_ = s.Close()
		}
		return t
	}
	replay := func() took {
		reps := make([]*recordings.Replayer, len(casts))
		for i, c := range casts {
			rep, err := recordings.Replay(c)
			if err != nil {
				b.Fatal(err)
			}
			reps[i] = rep
		}
		t := timed(func() {
			for _, rep := range reps {
				rep.Run()
			}
		})
		for _, rep := range reps {
			_ = rep.Close()
		}
		return t
	}
	sides := []func() took{raw, scr, replay}
	got := make([][]took, len(sides))
	for i := range pairs.Count(9) {
		for j := range sides {
			k := (i + j) % len(sides)
			got[k] = append(got[k], sides[k]())
		}
	}
	of := func(side int, cpu bool) []float64 {
		out := make([]float64, len(got[side]))
		for i, t := range got[side] {
			out[i] = t.wall
			if cpu {
				out[i] = t.cpu
			}
		}
		return out
	}
	name := fmt.Sprintf("all %d recordings (%.1f MB)", len(casts), float64(bytesOut)/1e6)
	for _, cpu := range []bool{false, true} {
		clock, unit := "wall clock", "ms"
		if cpu {
			clock, unit = "CPU time", "ms-cpu"
		}
		pairs.Comparison{
			Name: "replay's parts: the screen alone (x/vt as the screen feeds it, and refresh) vs raw x/vt, " + clock + ", " + name,
			A:    "Screen.WriteAt", B: "raw vt.Emulator.Write", Unit: unit,
		}.Report(b, pairs.Result{A: of(1, cpu), B: of(0, cpu)})
		pairs.Comparison{
			Name: "replay's parts: the whole replay vs raw x/vt, " + clock + ", " + name,
			A:    "Replayer.Run", B: "raw vt.Emulator.Write", Unit: unit, Target: 1.3,
		}.Report(b, pairs.Result{A: of(2, cpu), B: of(0, cpu)})
	}
}

// syntheticCast is size bytes of agent-style output (streams.Mixed,
// repeated) at 100×30 in events of up to 4 KiB cut at line ends, 10 ms
// apart, with a 2 s pause every 64 KiB, so the engine turns ready and
// busy again through the whole recording as over a long session.
func syntheticCast(size int) *asciicast.Cast {
	data := streams.Mixed(100, 30)
	c := &asciicast.Cast{Header: asciicast.Header{Version: 2, Width: 100, Height: 30}}
	var at time.Duration
	sincePause, total := 0, 0
	for p := data; total < size; {
		if len(p) == 0 {
			p = data
		}
		n := min(len(p), 4096)
		if i := bytes.LastIndexByte(p[:n], '\n'); i > 0 && n < len(p) {
			n = i + 1
		}
		c.Events = append(c.Events, asciicast.Event{Time: at, Kind: asciicast.Output, Data: string(p[:n])})
		p, total, sincePause = p[n:], total+n, sincePause+n
		at += 10 * time.Millisecond
		if sincePause >= 64<<10 {
			at += 2 * time.Second
			sincePause = 0
		}
	}
	return c
}

// heapObjects is the heap's live and not yet collected objects, in bytes.
func heapObjects() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// heapOf runs f and returns what it returned, the most heap it saw in use
// (sampled every 5 ms, input and garbage not yet collected included), and
// the live heap f left above what was live before it (MiB): what a
// replay holds, its input (a recording read into memory) not counted.
func heapOf(f func() float64) (ms, peakMiB, heldMiB float64) {
	runtime.GC()
	base := heapObjects()
	stop := make(chan struct{})
	done := make(chan uint64)
	go func() {
		var peak uint64
		tick := time.NewTicker(5 * time.Millisecond)
		defer tick.Stop()
		for {
			peak = max(peak, heapObjects())
			select {
			case <-stop:
				done <- peak
				return
			case <-tick.C:
			}
		}
	}()
	ms = f()
	close(stop)
	peak := <-done
	runtime.GC()
	held := heapObjects()
	mib := func(n uint64) float64 { return float64(n) / (1 << 20) }
	return ms, mib(peak), mib(held - min(held, base))
}

// BenchmarkReplayScale replays synthetic recordings of 1, 10 and 100 MB
// (syntheticCast) and reports whether replay stays linear: the time per
// MB at each size against the time per MB at 1 MB, in interleaved pairs
// (issue 22: within 10 %), and the live heap a replay holds after Run
// (≤ 64 MiB whatever the length; the peak in use is reported too, and
// grows with the recording read into memory, which the collector lets
// the heap double), beside raw x/vt's time per MB on the same events.
//
//	go test -run '^$' -bench ReplayScale -benchtime 1x ./recordings
func BenchmarkReplayScale(b *testing.B) {
	small := syntheticCast(1e6)
	perMB := func(c *asciicast.Cast, mb float64, peaks, held *[]float64) func() float64 {
		return func() float64 {
			rep, err := recordings.Replay(c)
			if err != nil {
				b.Fatal(err)
			}
			ms, peak, kept := heapOf(func() float64 {
				t0 := time.Now()
				rep.Run()
				return pairs.Ms(time.Since(t0))
			})
			_ = rep.Close()
			if peaks != nil {
				*peaks, *held = append(*peaks, peak), append(*held, kept)
			}
			return ms / mb
		}
	}
	rawPerMB := func(c *asciicast.Cast, mb float64) func() float64 {
		return func() float64 {
			emu := vt.NewEmulator(c.Header.Width, c.Header.Height)
			go func() { _, _ = io.Copy(io.Discard, emu) }() // x/vt's replies block without a reader
			t0 := time.Now()
			for _, e := range c.Events {
				_, _ = emu.Write([]byte(e.Data))
			}
			took := time.Since(t0)
			_ = emu.Close()
			return pairs.Ms(took) / mb
		}
	}
	for _, size := range []struct {
		mb    int
		pairs int
	}{{1, 9}, {10, 5}, {100, 3}} {
		b.Run(fmt.Sprintf("%dMB", size.mb), func(b *testing.B) {
			c := small
			if size.mb != 1 {
				c = syntheticCast(size.mb * 1e6)
			}
			mb := float64(size.mb)
			var peaks, held []float64
			// Three sides in rotation (each takes each place in turn): this
			// size's replay, the 1 MB replay, raw x/vt on this size.
			fs := []func() float64{perMB(c, mb, &peaks, &held), perMB(small, 1, nil, nil), rawPerMB(c, mb)}
			got := make([][]float64, len(fs))
			for i := range pairs.Count(size.pairs) {
				for j := range fs {
					k := (i + j) % len(fs)
					got[k] = append(got[k], fs[k]())
				}
			}
			lin, raw := pairs.Result{A: got[0], B: got[1]}, pairs.Result{A: got[0], B: got[2]}
			pairs.Comparison{
				Name: fmt.Sprintf("replay time per MB, %d MB recording vs 1 MB", size.mb),
				A:    fmt.Sprintf("%d MB", size.mb), B: "1 MB", Unit: "ms/MB", Target: 1.1,
			}.Report(b, lin)
			pairs.Comparison{
				Name: fmt.Sprintf("replay time per MB, %d MB recording", size.mb),
				A:    "Replayer.Run", B: "raw vt.Emulator.Write", Unit: "ms/MB",
			}.Report(b, raw)
			h, p := pairs.Of(held), pairs.Of(peaks)
			b.Logf("BENCH | replay heap held after Run (live, the recording read in not counted), %d MB recording | Replayer.Run %.1f MiB (min–max %.1f–%.1f, %d runs) | — | — | target ≤ 64 MiB | %s",
				size.mb, h.P50, h.Min, h.Max, len(held), map[bool]string{true: "met", false: "NOT met"}[h.Max <= 64])
			b.Logf("BENCH | replay peak heap in use (the recording and garbage not yet collected included), %d MB recording | Replayer.Run %.0f MiB (min–max %.0f–%.0f, %d runs) | — | — | no target | —",
				size.mb, p.P50, p.Min, p.Max, len(peaks))
			b.ReportMetric(1000/pairs.Of(lin.A).P50, "replay-MB/s")
			b.ReportMetric(1000/pairs.Of(raw.B).P50, "raw-vt-MB/s")
			b.ReportMetric(h.Max, "held-heap-MiB")
			b.ReportMetric(p.Max, "peak-heap-MiB")
		})
	}
}
