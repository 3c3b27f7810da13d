package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"unicode"

	"github.com/ttyrig/ttyrig/asciicast"
)

const codegenSynopsis = "[-o x_test.go] [--name TestX] [--package NAME] [--env KEY=VALUE]... file.cast"

// codegen writes a Go test from a recording (see testgen.go): with -o, the
// file and its golden screen in testdata/ beside it; without, the test on
// stdout.
func codegen(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("codegen", codegenSynopsis, stdout, stderr)
	out := fs.String("o", "", "write the test here (and its golden to testdata/NAME.golden beside it); default: stdout, no golden")
	name := fs.String("name", "", "the test function's name (default: Test and the recording's file name)")
	pkg := fs.String("package", "", "the package clause (default: the package of the Go files beside -o, else main_test)")
	var env multiFlag
	fs.Var(&env, "env", "KEY=VALUE the program needs (repeatable); the recording's header env is added too")
	if err := fs.parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return fs.usageError("want one recording, got %d arguments", fs.NArg())
	}
	for _, kv := range env {
		if k, _, ok := strings.Cut(kv, "="); !ok || k == "" {
			return fs.usageError("--env %q: want KEY=VALUE", kv)
		}
	}
	if *name != "" && (!goIdent.MatchString(*name) || !strings.HasPrefix(*name, "Test")) {
		return fs.usageError("--name %q: want a Go test name (Test followed by letters, digits or _)", *name)
	}
	return writeTest(fs.Arg(0), *out, *name, *pkg, env, stdout)
}

// writeTest turns the recording at path into a Go test: at out with its
// golden in testdata/ beside it, or on stdout when out is "".
func writeTest(path, out, name, pkg string, env []string, stdout io.Writer) error {
	cast, err := asciicast.ReadFile(path)
	if err != nil {
		return err
	}
	if name == "" {
		name = testName(path)
	}
	if pkg == "" {
		pkg = packageBeside(out)
	}
	src, err := generateTest(cast, genOptions{pkg: pkg, name: name, env: env})
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if out == "" {
		_, err := stdout.Write(src.code)
		return err
	}
	golden := filepath.Join(filepath.Dir(out), "testdata", name+".golden")
	if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
		return err
	}
	// The golden holds a screen, perhaps what was typed: 0600 like recordings.
	if err := os.WriteFile(golden, []byte(src.golden), 0o600); err != nil {
		return err
	}
	if err := os.WriteFile(out, src.code, 0o644); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %s and %s\n", out, golden)
	return nil
}

var goIdent = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// testName makes Test<Name> from a recording's file name: my-app.cast →
// TestMyApp.
func testName(path string) string {
	base := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	var b strings.Builder
	b.WriteString("Test")
	up := true
	for _, r := range base {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if up {
				r = unicode.ToUpper(r)
			}
			b.WriteRune(r)
			up = false
		default:
			up = true
		}
	}
	return b.String()
}

var packageClause = regexp.MustCompile(`(?m)^package\s+([A-Za-z_][A-Za-z0-9_]*)`)

// packageBeside reads the package clause of a Go file in out's directory.
func packageBeside(out string) string {
	if out != "" {
		files, _ := filepath.Glob(filepath.Join(filepath.Dir(out), "*.go"))
		for _, f := range files {
			if b, err := os.ReadFile(f); err == nil {
				if m := packageClause.FindSubmatch(b); m != nil {
					return string(m[1])
				}
			}
		}
	}
	return "main_test"
}

// multiFlag is a repeatable string flag.
type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, ",") }
func (m *multiFlag) Set(v string) error { *m = append(*m, v); return nil }
