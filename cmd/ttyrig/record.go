package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/charmbracelet/x/term"
	"github.com/creack/pty"

	"github.com/ttyrig/ttyrig/asciicast"
)

func record(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("record", "[-o file.cast] [--size WxH] -- cmd args...", stderr)
	out := fs.String("o", "ttyrig.cast", "where to write the recording")
	size := fs.String("size", "", "terminal size COLSxROWS (default: your terminal's, or 100x30)")
	if err := parse(fs, args); err != nil {
		return err
	}
	argv := fs.Args()
	if len(argv) == 0 {
		fmt.Fprintln(stderr, "ttyrig record: want a command to run after --")
		return errUsage
	}
	cols, rows := 100, 30
	in, _ := stdin.(*os.File)
	interactive := in != nil && term.IsTerminal(in.Fd())
	if interactive {
		if w, h, err := term.GetSize(in.Fd()); err == nil {
			cols, rows = w, h
		}
	}
	if *size != "" {
		if _, err := fmt.Sscanf(strings.Replace(*size, "x", " ", 1), "%d %d", &cols, &rows); err != nil || cols <= 0 || rows <= 0 {
			fmt.Fprintf(stderr, "ttyrig record: --size %q is not COLSxROWS\n", *size)
			return errUsage
		}
	}

	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Env = append(os.Environ(), "TERM=xterm-256color")
	ptmx, err := pty.StartWithSize(cmd, &pty.Winsize{Cols: uint16(cols), Rows: uint16(rows)})
	if err != nil {
		return fmt.Errorf("starting %s: %w", argv[0], err)
	}
	defer ptmx.Close()
	start := time.Now()
	w, err := asciicast.Create(*out, asciicast.Header{
		Width: cols, Height: rows, Timestamp: start, Command: strings.Join(argv, " "),
		Term: "xterm-256color", Env: map[string]string{"SHELL": os.Getenv("SHELL")},
	})
	if err != nil {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		return err
	}

	if interactive {
		state, err := term.MakeRaw(in.Fd())
		if err == nil {
			defer func() { _ = term.Restore(in.Fd(), state) }()
		}
		winch := make(chan os.Signal, 1)
		signal.Notify(winch, syscall.SIGWINCH)
		defer signal.Stop(winch)
		go func() {
			for range winch {
				if c, r, err := term.GetSize(in.Fd()); err == nil {
					_ = pty.Setsize(ptmx, &pty.Winsize{Cols: uint16(c), Rows: uint16(r)})
					_ = w.Resize(time.Since(start), c, r)
				}
			}
		}()
	}
	// Input: what the user types goes to the program and into the
	// recording. This goroutine may outlive the program while it waits
	// for a key; the process exits right after.
	go func() {
		buf := make([]byte, 4096)
		for {
			n, err := stdin.Read(buf)
			if n > 0 {
				_ = w.Input(time.Since(start), buf[:n])
				_, _ = ptmx.Write(buf[:n])
			}
			if err != nil {
				return
			}
		}
	}()
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		buf := make([]byte, 32*1024)
		for {
			n, err := ptmx.Read(buf)
			if n > 0 {
				_ = w.Output(time.Since(start), buf[:n])
				_, _ = stdout.Write(buf[:n])
			}
			if err != nil {
				return
			}
		}
	}()
	werr := cmd.Wait()
	// Output ends when every holder of the PTY is gone; a background child
	// may keep it open, so wait only briefly.
	drained := make(chan struct{})
	go func() { wg.Wait(); close(drained) }()
	select {
	case <-drained:
	case <-time.After(time.Second):
	}
	code := 0
	var ee *exec.ExitError
	if errors.As(werr, &ee) {
		code = ee.ExitCode()
	}
	_ = w.Exit(time.Since(start), code)
	if err := w.Close(); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "\r\nttyrig: recorded %s (exit status %d) to %s\r\n", argv[0], code, *out)
	return nil
}
