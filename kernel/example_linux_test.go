//go:build linux

package kernel_test

import (
	"fmt"
	"os/exec"
	"time"

	"github.com/creack/pty"

	"github.com/ttyrig/ttyrig/kernel"
)

// A shell blocked in read on its terminal: the kernel says it reads, in
// cooked mode with echo (the kernel echoes what is typed).
func ExampleObserver_Observe() {
	cmd := exec.Command("sh", "-c", "read line")
	master, err := pty.Start(cmd)
	if err != nil {
		panic(err)
	}
	defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait(); _ = master.Close() }()
	obs, err := kernel.Open(master, cmd.Process.Pid)
	if err != nil {
		panic(err)
	}
	for range 500 {
		if v, err := obs.Observe(); err == nil && v.Wait == kernel.Reading {
			fmt.Println(v.Wait, v.Canonical, v.Echo, v.Unread)
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	// Output: read true true 0
}
