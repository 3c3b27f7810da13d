package asciicast

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// eventByJSON reads an event line the general way, as encoding/json does.
func eventByJSON(line []byte) (secs float64, code, data string, ok bool) {
	var v []any
	if json.Unmarshal(line, &v) != nil || len(v) != 3 {
		return 0, "", "", false
	}
	secs, ok1 := v[0].(float64)
	code, ok2 := v[1].(string)
	data, ok3 := v[2].(string)
	return secs, code, data, ok1 && ok2 && ok3
}

// checkSplit fails when the fast reading of line takes it and disagrees
// with encoding/json.
func checkSplit(t *testing.T, line []byte) bool {
	t.Helper()
	secs, code, data, ok := splitEvent(line)
	if !ok {
		return false
	}
	ws, wc, wd, wok := eventByJSON(line)
	if !wok || secs != ws || code != wc || data != wd {
		t.Errorf("%q: fast %v %q %q, encoding/json %v %q %q (ok %v)", line, secs, code, data, ws, wc, wd, wok)
	}
	return true
}

// The fast reading of event lines agrees with encoding/json on every event
// of every recording in the project, and takes almost all of them.
func TestSplitEventAgreesWithJSON(t *testing.T) {
	var files []string
	for _, glob := range []string{"../recordings/agents/*.cast", "../recordings/testdata/corpus/*.cast", "../corpus/testdata/*.cast"} {
		m, _ := filepath.Glob(glob)
		files = append(files, m...)
	}
	if len(files) < 20 {
		t.Fatalf("found %d recordings", len(files))
	}
	events, fast := 0, 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(bytes.NewReader(data))
		sc.Buffer(nil, maxLine)
		for sc.Scan() {
			if line := sc.Bytes(); len(line) > 0 && line[0] == '[' {
				events++
				if checkSplit(t, line) {
					fast++
				}
			}
		}
	}
	t.Logf("%d of %d events of %d recordings read the fast way", fast, events, len(files))
	if fast < events*9/10 {
		t.Errorf("only %d of %d events read the fast way", fast, events)
	}
}

// Lines the fast reading must leave to encoding/json, and ones it takes.
func TestSplitEventEdges(t *testing.T) {
	for _, tc := range []struct {
		line string
		fast bool
	}{
		{`[0.5, "o", "a\u001b[1mb\\c\"d\/e\b\f\n\r\t"]`, true},
		{`[1.25,"i","x"]`, true},
		{`[0.1, "o", "é日本✳"]`, true},
		{`[0.1, "o", "\u00e9\u65e5"]`, true},
		{`[0.1, "o", ""]`, true},
		{`[0.1, "o", "\ud83d\ude00"]`, false}, // a surrogate pair
		{`[0.1, "o", "\ud83d"]`, false},       // a lone surrogate
		{"[0.1, \"o\", \"\xff\"]", false},     // invalid UTF-8
		{"[0.1, \"o\", \"a\tb\"]", false},     // a raw control byte
		{`[0.1, "o", "a\x"]`, false},          // an unknown escape
		{`[1e2, "o", "a"]`, false},            // an exponent
		{`[-1, "o", "a"]`, false},             // a sign
		{`[00, "o", "a"]`, false},             // a leading zero (fuzzing found it)
		{`[1., "o", "a"]`, false},             // a dot without digits
		{`[0, "o", "a"]`, true},
		{`[0.1, "oo", "a"]`, false},    // a longer code
		{`[0.1, "o", "a", 4]`, false},  // four elements
		{`[0.1,  "o", "a"]`, false},    // other spacing
		{`[0.1, "o", "a\u12"]`, false}, // a short \u
		{`[0.1, "o", "a"b"]`, false},   // a bare quote inside
		{`[0.1, "o", "a\\"]`, true},    // an escaped backslash last
		{`[0.1, "o", "a\"]`, false},    // the closing quote escaped
		{`[0.1, "o", "a"] `, true},     // a trailing blank
	} {
		if got := checkSplit(t, []byte(tc.line)); got != tc.fast {
			t.Errorf("%s: read the fast way %v, want %v", tc.line, got, tc.fast)
		}
	}
}

// Whatever the line, the fast reading either leaves it or agrees with
// encoding/json.
func FuzzSplitEvent(f *testing.F) {
	for _, s := range []string{`[0.5, "o", "a\u001b[1m"]`, `[1,"i","\\"]`, `[0.1, "o", "\ud83d\ude00"]`, "[0.1, \"o\", \"\xe2\x9c\"]"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		if len(line) > 0 && line[0] == '[' {
			checkSplit(t, line)
		}
	})
}
