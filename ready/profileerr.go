package ready

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"
	"time"
)

// profileFault is the first thing in a profile's JSON that does not fit the
// Profile type: an unknown field, or a value its type's UnmarshalJSON
// refuses (a duration, a region). encoding/json says what but not where
// (its own type errors carry an offset; an unknown field or an
// UnmarshalJSON error carry neither line nor field), so locateFault walks
// the document beside the type to find the line and the field's path.
type profileFault struct {
	line  int
	field string // as Validate names fields: busy[1].region
	err   error
}

func (f *profileFault) Error() string {
	return fmt.Sprintf("line %d: field %s: %v", f.line, f.field, f.err)
}

func (f *profileFault) Unwrap() error { return f.err }

// locateFault returns the first fault of data read as a value of type t, in
// document order (the order encoding/json meets them), or nil if it finds
// none. Syntax errors are not its business: jsonError reports those.
func locateFault(data []byte, t reflect.Type) *profileFault {
	w := faultWalk{data: data, dec: json.NewDecoder(bytes.NewReader(data))}
	f, _ := w.value(t, "")
	return f
}

type faultWalk struct {
	data []byte
	dec  *json.Decoder
}

var unmarshalerType = reflect.TypeFor[json.Unmarshaler]()

// value reads one JSON value of type t at path. The error is a syntax
// error, which ends the walk with nothing found.
func (w *faultWalk) value(t reflect.Type, path string) (*profileFault, error) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	at := w.dec.InputOffset()
	if reflect.PointerTo(t).Implements(unmarshalerType) {
		var raw json.RawMessage
		if err := w.dec.Decode(&raw); err != nil {
			return nil, err
		}
		if err := reflect.New(t).Interface().(json.Unmarshaler).UnmarshalJSON(raw); err != nil {
			return w.fault(at, path, err), nil
		}
		return nil, nil
	}
	switch t.Kind() {
	case reflect.Struct:
		return w.object(path, func(key string) (reflect.Type, string, bool) {
			f, ok := jsonField(t, key)
			if !ok {
				return nil, "", false
			}
			return f.Type, joinField(path, jsonName(f)), true
		})
	case reflect.Map:
		return w.object(path, func(key string) (reflect.Type, string, bool) {
			return t.Elem(), joinField(path, key), true
		})
	case reflect.Slice, reflect.Array:
		tok, err := w.dec.Token()
		if err != nil || tok != json.Delim('[') {
			return nil, err // null, or a type error encoding/json reports with its field
		}
		for i := 0; w.dec.More(); i++ {
			if f, err := w.value(t.Elem(), path+"["+strconv.Itoa(i)+"]"); f != nil || err != nil {
				return f, err
			}
		}
		_, err = w.dec.Token()
		return nil, err
	}
	var skip json.RawMessage
	return nil, w.dec.Decode(&skip)
}

// object reads a JSON object whose keys field resolves to the type and
// path of their value; a key it does not know is a fault.
func (w *faultWalk) object(path string, field func(key string) (reflect.Type, string, bool)) (*profileFault, error) {
	tok, err := w.dec.Token()
	if err != nil || tok != json.Delim('{') {
		return nil, err
	}
	for w.dec.More() {
		at := w.dec.InputOffset()
		tok, err := w.dec.Token()
		if err != nil {
			return nil, err
		}
		key, _ := tok.(string)
		t, p, ok := field(key)
		if !ok {
			return w.fault(at, joinField(path, key), fmt.Errorf("unknown field %q", key)), nil
		}
		if f, err := w.value(t, p); f != nil || err != nil {
			return f, err
		}
	}
	_, err = w.dec.Token()
	return nil, err
}

// fault places err at offset at.
func (w *faultWalk) fault(at int64, path string, err error) *profileFault {
	return &profileFault{line: lineAt(w.data, at), field: path, err: err}
}

// lineAt returns the line of the first character at or after offset at
// that is not white space or a separator: a decoder's offset is the end of
// what it read before the next token.
func lineAt(data []byte, at int64) int {
	i := min(int(at), len(data))
	for i < len(data) && strings.IndexByte(" \t\r\n:,", data[i]) >= 0 {
		i++
	}
	return 1 + bytes.Count(data[:i], []byte("\n"))
}

// jsonField finds the field of struct t that key decodes into, as
// encoding/json does: by its JSON name, exactly or else ignoring case,
// through embedded structs.
func jsonField(t reflect.Type, key string) (reflect.StructField, bool) {
	var fold reflect.StructField
	found := false
	for _, f := range reflect.VisibleFields(t) {
		if !f.IsExported() || f.Anonymous && f.Type.Kind() == reflect.Struct && f.Tag.Get("json") == "" {
			continue
		}
		name := jsonName(f)
		if name == "-" {
			continue
		}
		if name == key {
			return f, true
		}
		if !found && strings.EqualFold(name, key) {
			fold, found = f, true
		}
	}
	return fold, found
}

func jsonName(f reflect.StructField) string {
	name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
	if name == "" {
		return f.Name
	}
	return name
}

func joinField(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

// fieldLines maps each field path in data (as Validate names them:
// "quiet", "busy[1]", "busy[1].pattern") to the line it starts on, for
// errors found after decoding. Paths in a document with a syntax error
// are those before it.
func fieldLines(data []byte) map[string]int {
	lines := map[string]int{}
	dec := json.NewDecoder(bytes.NewReader(data))
	var walk func(path string) error
	walk = func(path string) error {
		at := dec.InputOffset()
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		if path != "" {
			lines[path] = lineAt(data, at)
		}
		switch tok {
		case json.Delim('{'):
			for dec.More() {
				k, err := dec.Token()
				if err != nil {
					return err
				}
				key, _ := k.(string)
				if err := walk(joinField(path, key)); err != nil {
					return err
				}
			}
			_, err = dec.Token()
		case json.Delim('['):
			for i := 0; dec.More(); i++ {
				if err := walk(path + "[" + strconv.Itoa(i) + "]"); err != nil {
					return err
				}
			}
			_, err = dec.Token()
		}
		return err
	}
	_ = walk("")
	return lines
}

// withLines puts the line of each Validate error's field before it, when
// the field is in data (a field the profile inherits has no line).
func withLines(data []byte, err error) error {
	var errs []error
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		errs = j.Unwrap()
	} else {
		errs = []error{err}
	}
	lines := fieldLines(data)
	out := make([]error, len(errs))
	for i, e := range errs {
		out[i] = e
		// The field starts the message: busy[1] ("x"): pattern: ...
		msg := e.Error()
		end := strings.IndexAny(msg, " :")
		if end < 0 {
			continue
		}
		path := msg[:end]
		for ; path != ""; path = parentField(path) {
			if n, ok := lines[path]; ok {
				out[i] = fmt.Errorf("line %d: %w", n, e)
				break
			}
		}
	}
	return errors.Join(out...)
}

// parentField drops the last part of a field path: busy[1].pattern →
// busy[1] → busy.
func parentField(path string) string {
	i := strings.LastIndexAny(path, ".[")
	if i < 0 {
		return ""
	}
	return path[:i]
}

// durationError says why s is not a duration: too long, or not one.
func durationError(s string) error {
	if durationShaped(s) {
		return fmt.Errorf("duration %q is out of range (at most %v)", s, time.Duration(math.MaxInt64))
	}
	return fmt.Errorf("duration must be a string like \"150ms\", got %q", s)
}

// durationShaped reports whether s has the shape time.ParseDuration reads
// (a sign, then numbers each with a unit): one that has it and still does
// not parse is out of range. (Not a regexp: the package's patterns are
// the engine's, and a test counts them.)
func durationShaped(s string) bool {
	s = strings.TrimPrefix(strings.TrimPrefix(s, "-"), "+")
	if s == "" {
		return false
	}
	number := func(c byte) bool { return c == '.' || '0' <= c && c <= '9' }
	for s != "" {
		i := 0
		for i < len(s) && number(s[i]) {
			i++
		}
		if n := s[:i]; strings.Count(n, ".") > 1 || strings.Trim(n, ".") == "" {
			return false
		}
		j := i
		for j < len(s) && !number(s[j]) {
			j++
		}
		switch s[i:j] {
		case "ns", "us", "µs", "μs", "ms", "s", "m", "h":
		default:
			return false
		}
		s = s[j:]
	}
	return true
}
