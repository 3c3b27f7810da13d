package asciicast

import (
	"bytes"
	"encoding/json"
	"testing"
)

// appendJSONString must write what json.Encoder (HTML escaping off) writes,
// byte for byte: recordings made before it must read the same, and tools
// comparing recordings must see no difference.
func FuzzAppendJSONString(f *testing.F) {
	for _, s := range []string{
		"", "plain", "\x1b[31mred\x1b[0m\r\n", "quote \" backslash \\ slash /", "\b\f\n\r\t\x00\x01\x1f\x7f",
		"<a & b>", "✳ wide 中文 emoji 🙂", "\u2028\u2029", "bad \xff\xfe utf-8 \xe2\x9c", "\xed\xa0\x80 surrogate",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		if err := enc.Encode([]any{json.Number("1.000000"), "o", s}); err != nil {
			t.Fatal(err)
		}
		got := append(append([]byte(`[1.000000,"o",`), appendJSONString(nil, s)...), "]\n"...)
		if !bytes.Equal(got, b.Bytes()) {
			t.Errorf("for %q:\n got %s\nwant %s", s, got, b.Bytes())
		}
	})
}
