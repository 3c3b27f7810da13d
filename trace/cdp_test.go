package trace_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"
)

// page is a page open in headless Chromium, driven over the DevTools
// protocol on a pipe (--remote-debugging-pipe: commands on fd 3, replies on
// fd 4, each a JSON message ended by NUL), so a test can click and type as
// a person would. Every call is bounded.
type page struct {
	t       *testing.T
	w       *os.File
	mu      sync.Mutex
	id      int
	replies map[int]chan json.RawMessage
	session string
}

func openPage(t *testing.T, bin, url string) *page {
	t.Helper()
	toChrome, ourEnd, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	fromChrome, chromeEnd, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, bin, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions", "--disable-crash-reporter", "--disable-breakpad",
		"--user-data-dir="+t.TempDir(), "--window-size=1400,900", "--remote-debugging-pipe", url)
	cmd.ExtraFiles = []*os.File{toChrome, chromeEnd}
	cmd.WaitDelay = 5 * time.Second
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	_ = toChrome.Close()
	_ = chromeEnd.Close()
	p := &page{t: t, w: ourEnd, replies: map[int]chan json.RawMessage{}}
	done := make(chan struct{})
	go func() {
		defer close(done)
		r := bufio.NewReader(fromChrome)
		for {
			msg, err := r.ReadBytes(0)
			if err != nil {
				return
			}
			var m struct {
				ID     int             `json:"id"`
				Result json.RawMessage `json:"result"`
				Error  json.RawMessage `json:"error"`
			}
			if json.Unmarshal(msg[:len(msg)-1], &m) != nil || m.ID == 0 {
				continue // an event
			}
			p.mu.Lock()
			ch := p.replies[m.ID]
			p.mu.Unlock()
			if ch != nil {
				if m.Error != nil {
					ch <- json.RawMessage(`{"error":` + string(m.Error) + `}`)
				} else {
					ch <- m.Result
				}
			}
		}
	}()
	t.Cleanup(func() {
		// Ask the browser to close (it ends its helper processes itself);
		// kill it if it has not within 5 s.
		_, _ = ourEnd.Write([]byte(`{"id":1000000,"method":"Browser.close"}` + "\x00"))
		exited := make(chan struct{})
		go func() { _ = cmd.Wait(); close(exited) }()
		select {
		case <-exited:
		case <-time.After(5 * time.Second):
			cancel()
			<-exited
		}
		cancel()
		_ = ourEnd.Close()
		_ = fromChrome.Close()
		<-done
	})

	var targets struct {
		TargetInfos []struct{ TargetID, Type string } `json:"targetInfos"`
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		p.call("Target.getTargets", nil, &targets)
		for _, ti := range targets.TargetInfos {
			if ti.Type == "page" {
				var att struct{ SessionID string }
				p.call("Target.attachToTarget", map[string]any{"targetId": ti.TargetID, "flatten": true}, &att)
				p.session = att.SessionID
			}
		}
		if p.session != "" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("chromium opened no page")
		}
		time.Sleep(100 * time.Millisecond)
	}
	for p.eval(`typeof D === "object" && document.readyState === "complete"`) != "true" {
		if time.Now().After(deadline) {
			t.Fatal("the trace page did not load")
		}
		time.Sleep(100 * time.Millisecond)
	}
	return p
}

// call sends one command and decodes its result into out.
func (p *page) call(method string, params any, out any) {
	p.t.Helper()
	p.mu.Lock()
	p.id++
	id := p.id
	ch := make(chan json.RawMessage, 1)
	p.replies[id] = ch
	p.mu.Unlock()
	msg := map[string]any{"id": id, "method": method}
	if params != nil {
		msg["params"] = params
	}
	if p.session != "" {
		msg["sessionId"] = p.session
	}
	b, _ := json.Marshal(msg)
	if _, err := p.w.Write(append(b, 0)); err != nil {
		p.t.Fatalf("devtools %s: %v", method, err)
	}
	select {
	case res := <-ch:
		if strings.HasPrefix(string(res), `{"error":`) {
			p.t.Fatalf("devtools %s: %s", method, res)
		}
		if out != nil {
			if err := json.Unmarshal(res, out); err != nil {
				p.t.Fatalf("devtools %s: %v: %s", method, err, res)
			}
		}
	case <-time.After(20 * time.Second):
		p.t.Fatalf("devtools %s: no answer in 20s", method)
	}
}

// eval runs JavaScript in the page and returns its value as JSON text.
func (p *page) eval(js string) string { p.t.Helper(); return p.evaluate(js, false) }

// evalAsync is eval for an expression that is a promise: its value.
func (p *page) evalAsync(js string) string { p.t.Helper(); return p.evaluate(js, true) }

func (p *page) evaluate(js string, await bool) string {
	p.t.Helper()
	var res struct {
		Result           struct{ Value json.RawMessage }
		ExceptionDetails *struct{ Text string }
	}
	p.call("Runtime.evaluate", map[string]any{"expression": js, "returnByValue": true, "awaitPromise": await}, &res)
	if res.ExceptionDetails != nil {
		p.t.Fatalf("%s: %s", js, res.ExceptionDetails.Text)
	}
	return string(res.Result.Value)
}

// screenDOM returns the page's screen as the dump-dom tests read it.
func (p *page) screenDOM() shown {
	p.t.Helper()
	var html string
	if err := json.Unmarshal([]byte(p.eval(`document.getElementById("screen").outerHTML`)), &html); err != nil {
		p.t.Fatal(err)
	}
	return readDOM(p.t, html)
}

// goTo sets the page's address fragment, as a person editing the address
// would, and returns the screen once the page has moved.
func (p *page) goTo(hash string) shown {
	p.t.Helper()
	p.evalAsync(fmt.Sprintf(`new Promise(done => {
		if (location.hash === %[1]q) { done(true); return; }
		addEventListener("hashchange", () => done(true), {once: true});
		location.hash = %[1]q;
	})`, hash))
	return p.screenDOM()
}

func (p *page) key(k string) {
	p.t.Helper()
	p.eval(fmt.Sprintf(`document.dispatchEvent(new KeyboardEvent("keydown", {key: %q})); true`, k))
}
