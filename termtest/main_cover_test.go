package termtest_test

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// A user's module whose TestMain hands its own program to termtest.Main:
// Spawn runs it with no build step, and go test -cover counts the lines the
// program ran in its own process.
const greeterGo = `package greeter

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

// Main asks for a name and greets it.
func Main() int {
	fmt.Print("name> ")
	line, err := bufio.NewReader(os.Stdin).ReadString('\n')
	if err != nil {
		return 1
	}
	greet(strings.TrimSpace(line))
	return 3
}

func greet(name string) { fmt.Printf("hello, %s (argv %q)\n", name, os.Args) }

func neverCalled() { fmt.Println("not run") }
`

const greeterTestGo = `package greeter

import (
	"testing"

	"github.com/ttyrig/ttyrig/expect"
	"github.com/ttyrig/ttyrig/termtest"
)

func TestMain(m *testing.M) { termtest.Main(m, map[string]func() int{"greeter": Main}) }

func TestGreeter(t *testing.T) {
	term := termtest.Spawn(t, []string{"greeter", "--loud"})
	term.WaitForReady()
	term.Submit("ada")
	term.ExpectScreen(expect.Contains("hello, ada (argv [\"greeter\" \"--loud\"])"))
	if code := term.WaitExit(); code != 3 {
		t.Fatalf("exit status %d, want the program's 3", code)
	}
}
`

func TestMainRunsProgramWithCoverage(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a module's tests with go test -cover")
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":          "module example.com/greeter\n\ngo 1.24.2\n\nrequire github.com/ttyrig/ttyrig v0.0.0\n\nreplace github.com/ttyrig/ttyrig => " + root + "\n",
		"go.sum":          string(sum),
		"greeter.go":      greeterGo,
		"greeter_test.go": greeterTestGo,
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	profile := filepath.Join(dir, "cover.out")
	cmd := exec.Command("go", "test", "-count=1", "-cover", "-coverprofile="+profile, ".")
	cmd.Dir = dir
	// Offline: everything the module needs is what this one already built.
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go test -cover in the user's module: %v\n%s", err, out)
	}
	counts := coveredLines(t, profile)
	for fn, want := range map[string]bool{"Main": true, "greet": true, "neverCalled": false} {
		line := lineOf(t, greeterGo, "func "+fn+"(")
		if got := counts[line] > 0; got != want {
			t.Errorf("func %s (line %d) covered = %v, want %v\ngo test said:\n%s\nprofile:\n%s", fn, line, got, want, out, readFile(t, profile))
		}
	}
	if !strings.Contains(string(out), "coverage: ") || strings.Contains(string(out), "coverage: 0.0%") {
		t.Errorf("go test -cover should report the program's own coverage:\n%s", out)
	}
}

// coveredLines reads a cover profile: the count of the block that starts on
// each line of greeter.go.
func coveredLines(t *testing.T, path string) map[int]int {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	counts := map[int]int{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		// example.com/greeter/greeter.go:11.17,14.16 3 1
		name, rest, ok := strings.Cut(sc.Text(), ".go:")
		if !ok || !strings.HasSuffix(name, "/greeter") {
			continue
		}
		var l0, c0, l1, c1, stmts, count int
		if _, err := fmt.Sscanf(rest, "%d.%d,%d.%d %d %d", &l0, &c0, &l1, &c1, &stmts, &count); err != nil {
			t.Fatalf("cover profile line %q: %v", sc.Text(), err)
		}
		counts[l0] += count
	}
	return counts
}

func lineOf(t *testing.T, src, prefix string) int {
	t.Helper()
	for i, l := range strings.Split(src, "\n") {
		if strings.HasPrefix(l, prefix) {
			return i + 1
		}
	}
	t.Fatalf("no line starts with %q", prefix)
	return 0
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
