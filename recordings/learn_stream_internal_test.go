package recordings

import (
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/internal/racesample"
	"github.com/ttyrig/ttyrig/ready"
)

// An engine run alone over a recording's stream decides as a replay does,
// transition for transition, whatever the profile: the learner scores its
// profiles so (learn_stream.go).
func TestStreamDecidesAsAReplay(t *testing.T) {
	t.Parallel()
	paths, err := filepath.Glob("agents/*.cast")
	if err != nil {
		t.Fatal(err)
	}
	for _, glob := range []string{"agents/generic/*.cast", "testdata/corpus/*.cast", "../corpus/testdata/*.cast", "../ready/testdata/*.cast"} {
		more, err := filepath.Glob(glob)
		if err != nil {
			t.Fatal(err)
		}
		paths = append(paths, more...)
	}
	if len(paths) < 150 {
		t.Fatalf("%d recordings, want 150 or more", len(paths))
	}
	paths = racesample.Files(t, paths)
	profiles := []ready.Profile{ready.Generic()}
	for _, name := range []string{"claude", "codex", "gemini"} {
		p, err := ready.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		profiles = append(profiles, p)
	}
	learnt, err := filepath.Glob("agents/generic/*.learnt.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range learnt {
		p, err := ready.LoadProfile(f)
		if err != nil {
			t.Fatal(err)
		}
		profiles = append(profiles, p)
	}
	for _, path := range paths {
		cast, err := asciicast.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		ps := profiles
		if !strings.Contains(path, "agents/") {
			// Generic, and one learnt with busy-gone and its settle: the
			// agents' profiles are for agents.
			ps = []ready.Profile{profiles[0], profiles[len(profiles)-1]}
		}
		rep, st, err := replayKeeping(cast, nil, WithProfile(ready.Generic()))
		if err != nil {
			t.Fatal(err)
		}
		rep.Run()
		_ = rep.Close()
		for _, p := range ps {
			r, err := Replay(cast, WithProfile(p))
			if err != nil {
				t.Fatal(err)
			}
			want := r.Run()
			_ = r.Close()
			got, err := st.run(p)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s with %s: the stream's timeline differs from the replay's:\n got %v\nwant %v", path, p.Name, got, want)
			}
		}
	}
}
