package corpus_test

import (
	"bytes"
	"slices"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/corpus"
)

// BenchmarkReplay replays the whole committed corpus and reports the
// engine's totals beside the seeds' recipes (make bench): premature and
// missed turns summed over the scenarios, and the median of the
// per-scenario p50 latencies. The table is the same as TestReplay's.
func BenchmarkReplay(b *testing.B) {
	var rows []corpus.Row
	for i := 0; i < b.N; i++ {
		rows = replayRows(b)
	}
	if len(rows) == 0 {
		b.Skip("no recordings in testdata")
	}
	for i, s := range rows[0].Scores {
		prem, miss := 0, 0
		var p50s []time.Duration
		for _, r := range rows {
			prem += r.Scores[i].Premature
			miss += r.Scores[i].Missed
			if d, ok := r.Scores[i].Percentile(50); ok {
				p50s = append(p50s, d)
			}
		}
		name := map[int]string{0: "engine"}[i]
		if name == "" {
			name = s.Detector
		}
		med := "-"
		if len(p50s) > 0 {
			med = median(p50s).String()
		}
		b.Logf("%-24s premature %3d  missed/late %3d  median of the scenarios' p50 %s", name, prem, miss, med)
	}
	var buf bytes.Buffer
	_ = corpus.WriteTable(&buf, rows)
	b.Logf("\n%s", buf.String())
	var prem, miss int
	for _, r := range rows {
		prem += r.Scores[0].Premature
		miss += r.Scores[0].Missed
	}
	b.ReportMetric(float64(prem), "premature")
	b.ReportMetric(float64(miss), "missed")
}

func median(ds []time.Duration) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	slices.Sort(ds)
	return ds[len(ds)/2].Round(time.Millisecond)
}
