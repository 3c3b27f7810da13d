package ready_test

import (
	"strings"
	"testing"

	"github.com/ttyrig/ttyrig/ready"
)

// FuzzParseProfile: a profile of any bytes is read or refused, never a
// panic or a hang, and a refusal for a field it does not know or a value
// that does not fit names the line.
func FuzzParseProfile(f *testing.F) {
	for _, seed := range []string{
		`{"quiet": "150ms", "settle": "300ms"}`,
		"{\n\"busy\": [{\"name\": \"x\", \"pattern\": \"y\", \"region\": \"last_lines:3\", \"fresh\": \"1s\"}]}",
		`{"signals": [{"name": "startup", "markers": [{"pattern": "a"}], "restart": [{"pattern": "b"}]}]}`,
		`{"cursor": {"min_col": 2, "footer": 1, "hidden": true}, "quiet": "9999999h"}`,
		`{"idle": [{"pattern": "x", "region": "nowhere"}], "bogus": 1}`,
		`[1, 2]`, `{"busy": {"a": 1}}`, `{"busy": [[[]]]}`, `{"quiet": null}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		_, err := ready.ParseProfile(data)
		if err == nil {
			return
		}
		msg := err.Error()
		if (strings.Contains(msg, "unknown field") || strings.Contains(msg, "out of range")) && !strings.Contains(msg, "line ") {
			t.Errorf("%q: error %q names no line", data, msg)
		}
	})
}
