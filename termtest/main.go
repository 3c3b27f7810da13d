package termtest

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

// programEnv names the variable that tells a test binary started by Spawn
// to run one of the programs registered with Main instead of its tests.
const programEnv = "TTYRIG_PROGRAM"

// coverEnv carries the test binary's coverage directory to the programs it
// runs, so their counters are merged into what go test -cover reports.
const coverEnv = "TTYRIG_PROGRAM_COVERDIR"

// programs holds what Main registered: names Spawn resolves to this test
// binary before it looks at PATH.
var programs struct {
	sync.RWMutex
	byName map[string]func() int
}

// Main runs the package's tests, or one of programs when the process was
// started by Spawn to be it. Call it from TestMain:
//
//	func TestMain(m *testing.M) {
//		termtest.Main(m, map[string]func() int{"todo": todo.Main})
//	}
//
// Then Spawn(t, []string{"todo", "--list", "x"}) runs todo.Main in a process
// of its own — this test binary started again, with os.Args set to the argv
// — behind a real PTY, with no build step. Under go test -cover the
// program's coverage counts: each run writes its counters where the test
// binary gathers its own, and go test merges them into the percentage and
// the -coverprofile. A program that calls os.Exit itself loses its counters;
// return the status from the function instead. Main does not return: it
// exits with the tests' status, or the program's.
func Main(m *testing.M, progs map[string]func() int) {
	if name, ok := os.LookupEnv(programEnv); ok {
		os.Exit(runProgram(m, name, progs))
	}
	programs.Lock()
	programs.byName = make(map[string]func() int, len(progs))
	for name, f := range progs {
		programs.byName[name] = f
	}
	programs.Unlock()
	os.Exit(m.Run())
}

// runProgram is the child side of Main: the test binary as the program.
func runProgram(m *testing.M, name string, progs map[string]func() int) int {
	run, ok := progs[name]
	if !ok {
		fmt.Fprintf(os.Stderr, "termtest.Main: no program %q registered (have %v)\n", name, keys(progs))
		return 127
	}
	dir := os.Getenv(coverEnv)
	// The program's own children must not take themselves for it.
	os.Unsetenv(programEnv)
	os.Unsetenv(coverEnv)
	os.Args = append([]string{name}, os.Args[1:]...)
	code := run()
	if dir != "" {
		if err := saveCoverage(m, dir); err != nil {
			fmt.Fprintf(os.Stderr, "termtest.Main: %s's coverage: %v\n", name, err)
		}
	}
	return code
}

// saveCoverage puts this process's coverage counters where the test binary
// that started it gathers its own, so go test -cover counts them. The
// testing package writes them at the end of M.Run, so M.Run runs with no
// tests, into a directory of this process's own; the files then move into
// dir whole (rename), never read half-written by the parent or a sibling.
func saveCoverage(m *testing.M, dir string) error {
	tmp, err := os.MkdirTemp(dir, ".ttyrig-cover-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	for name, value := range map[string]string{"test.run": "^$", "test.gocoverdir": tmp, "test.coverprofile": ""} {
		if err := flag.Set(name, value); err != nil {
			return fmt.Errorf("setting -%s: %w", name, err)
		}
	}
	os.Args = os.Args[:1]
	// M.Run reports (PASS, the percentage) on standard output, which is
	// the program's terminal: nothing may reach it after the program ended.
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	stdout := os.Stdout
	os.Stdout = null
	m.Run()
	os.Stdout = stdout
	_ = null.Close()
	files, err := os.ReadDir(tmp)
	if err != nil {
		return err
	}
	for _, f := range files {
		dst := filepath.Join(dir, f.Name())
		if _, err := os.Stat(dst); err == nil {
			continue // the meta-data file: one per binary, the same bytes
		}
		if err := os.Rename(filepath.Join(tmp, f.Name()), dst); err != nil {
			return err
		}
	}
	return nil
}

// registered says whether Main registered name, and if so the path and the
// environment that make this test binary run it.
func registered(name string) (path string, env []string, ok bool) {
	programs.RLock()
	_, ok = programs.byName[name]
	programs.RUnlock()
	if !ok {
		return "", nil, false
	}
	exe, err := os.Executable()
	if err != nil {
		return "", nil, false
	}
	env = []string{programEnv + "=" + name}
	if dir := coverDir(); dir != "" {
		env = append(env, coverEnv+"="+dir)
	}
	return exe, env, true
}

// coverDir is where this test binary gathers coverage counters, or "" when
// it was not built with -cover.
func coverDir() string {
	if testing.CoverMode() == "" {
		return ""
	}
	f := flag.Lookup("test.gocoverdir")
	if f == nil {
		return ""
	}
	return f.Value.String()
}

func keys(m map[string]func() int) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}
