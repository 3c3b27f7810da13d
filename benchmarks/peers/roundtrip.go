package peers

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"time"

	expect "github.com/Netflix/go-expect"
	"github.com/charmbracelet/x/vt"
	"github.com/creack/pty"
	"github.com/hinshun/vt10x"
)

// Bash is the program every side drives: bash without rc files, so its
// prompt is exactly PS1.
var Bash = []string{"bash", "--norc", "--noprofile"}

// Env is the environment every side gives bash: what termtest gives a
// program (PATH and HOME from this process, TERM, COLORTERM, LANG) and
// the prompt.
var Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + os.Getenv("HOME"), "TERM=xterm-256color",
	"COLORTERM=truecolor", "LANG=C.UTF-8", "PS1=$ ", "HISTFILE="}

// Cols and Rows are the terminal's size on every side (termtest's default).
const Cols, Rows = 100, 30

// Command is the line typed, and Output what it prints (bash starts a
// command's output with a carriage return, after turning bracketed paste
// off); every side waits for Output and then the prompt after it.
const (
	Command = "echo round trip"
	Output  = "\rround trip\r\n"
)

// Bare is the round trip with creack/pty alone: start bash in a PTY, read
// until the prompt, type the command, read until its output and the
// prompt after it, close the PTY (bash gets SIGHUP) and wait for bash.
// Nothing is emulated: the limit.
func Bare(ctx context.Context) error {
	cmd := exec.CommandContext(ctx, Bash[0], Bash[1:]...)
	cmd.Env = Env
	f, err := pty.StartWithSize(cmd, &pty.Winsize{Cols: Cols, Rows: Rows})
	if err != nil {
		return err
	}
	defer func() { _ = cmd.Wait() }()
	defer f.Close()
	var out []byte
	buf := make([]byte, 4096)
	from := 0
	readUntil := func(want string) error {
		for !bytes.Contains(out[from:], []byte(want)) {
			n, err := f.Read(buf)
			if err != nil {
				return fmt.Errorf("bare PTY: %w before %q in %q", err, want, out)
			}
			out = append(out, buf[:n]...)
		}
		return nil
	}
	if err := readUntil("$ "); err != nil {
		return err
	}
	if _, err := f.Write([]byte(Command + "\r")); err != nil {
		return err
	}
	if err := readUntil(Output); err != nil {
		return err
	}
	from = bytes.Index(out, []byte(Output)) + len(Output)
	return readUntil("$ ")
}

// GoExpect is the round trip as a Go test does it with Netflix/go-expect
// and hinshun/vt10x: a console whose output feeds a vt10x terminal, bash
// on its tty, ExpectString for the prompt and the output, then close the
// console and wait for bash.
func GoExpect(ctx context.Context) error {
	term := vt10x.New(vt10x.WithSize(Cols, Rows))
	c, err := expect.NewConsole(expect.WithStdout(term), expect.WithDefaultTimeout(10*time.Second))
	if err != nil {
		return err
	}
	if err := pty.Setsize(c.Tty(), &pty.Winsize{Cols: Cols, Rows: Rows}); err != nil {
		_ = c.Close()
		return err
	}
	cmd := exec.CommandContext(ctx, Bash[0], Bash[1:]...)
	cmd.Env = Env
	cmd.Stdin, cmd.Stdout, cmd.Stderr = c.Tty(), c.Tty(), c.Tty()
	if err := cmd.Start(); err != nil {
		_ = c.Close()
		return err
	}
	// bash's own end of the tty is enough; ours would keep the PTY open
	// after bash exits.
	_ = c.Tty().Close()
	// Closing the console does not hang up bash while go-expect's reader
	// is blocked reading the PTY (the read holds the file open), and a
	// hangup sent as a signal did not always end it, so bash is killed,
	// then the console closed: no cheaper end exists.
	defer c.Close()
	defer func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	}()
	if _, err := c.ExpectString("$ "); err != nil {
		return fmt.Errorf("go-expect: prompt: %w", err)
	}
	if _, err := c.SendLine(Command); err != nil {
		return err
	}
	if _, err := c.ExpectString(Output); err != nil {
		return fmt.Errorf("go-expect: output: %w", err)
	}
	if _, err := c.ExpectString("$ "); err != nil {
		return fmt.Errorf("go-expect: prompt after the output: %w", err)
	}
	return nil
}

// BareVT is a bare PTY whose output feeds a stock x/vt emulator, the
// simplest live terminal with a screen: what an idle ttyrig terminal is
// compared with. Close ends it.
type BareVT struct {
	cmd  *exec.Cmd
	f    *os.File
	Emu  *vt.Emulator
	done chan struct{}
}

// StartBareVT starts bash in a PTY read into x/vt and waits for its prompt.
func StartBareVT(ctx context.Context) (*BareVT, error) {
	cmd := exec.CommandContext(ctx, Bash[0], Bash[1:]...)
	cmd.Env = Env
	f, err := pty.StartWithSize(cmd, &pty.Winsize{Cols: Cols, Rows: Rows})
	if err != nil {
		return nil, err
	}
	b := &BareVT{cmd: cmd, f: f, Emu: vt.NewEmulator(Cols, Rows), done: make(chan struct{})}
	go func() { _, _ = io.Copy(f, b.Emu) }() // replies to queries go back to the program
	prompt := make(chan struct{})
	go func() {
		defer close(b.done)
		buf := make([]byte, 4096)
		seen := []byte{}
		for {
			n, err := f.Read(buf)
			if n > 0 {
				_, _ = b.Emu.Write(buf[:n])
				if seen != nil {
					if seen = append(seen, buf[:n]...); bytes.Contains(seen, []byte("$ ")) {
						close(prompt)
						seen = nil
					}
				}
			}
			if err != nil {
				return
			}
		}
	}()
	select {
	case <-prompt:
		return b, nil
	case <-ctx.Done():
		b.Close()
		return nil, fmt.Errorf("bare PTY + x/vt: no prompt: %w", ctx.Err())
	}
}

// Close closes the PTY (bash gets SIGHUP), waits for bash and the reader,
// and closes the emulator.
func (b *BareVT) Close() {
	_ = b.f.Close()
	_ = b.cmd.Wait()
	<-b.done
	_ = b.Emu.Close()
}
