package ready

import (
	"strconv"
	"strings"
)

// The explicit protocols a program may speak, read from its raw output:
//
//   - OSC 133 (and VS Code's OSC 633) shell integration: A prompt start,
//     B prompt end (the shell now reads input), C command output starts,
//     D[;code] command finished.
//   - OSC 9;4;st;pr progress (ConEmu, Windows Terminal, Ghostty): st 0 clears
//     it, 1–4 show it.
//   - Codex CLI's OSC 7501;state=working|done|idle.
//
// Sequences may be split across reads, so the scanner keeps its state from
// one chunk to the next. It also notes terminal queries (CSI 6n, DA, OSC 10;?
// ...): a program that has just asked the terminal something and printed
// nothing since is talking to the terminal, not waiting for the user.

// protoKind is what a protocol message says.
type protoKind int

const (
	protoMark     protoKind = iota // OSC 133/633 mark: mark is 'A'..'D'
	protoProgress                  // OSC 9;4: code is the progress state
	protoAgent                     // OSC 7501: value is the state
)

type protoMsg struct {
	kind  protoKind
	mark  byte
	code  int
	value string
	raw   string // the OSC payload, for reasons
}

// scanner states.
const (
	scGround = iota
	scEsc
	scCSI
	scOSC
	scOSCEsc
	scString // DCS, SOS, PM, APC: skipped
	scStringEsc
)

// oscKept is how much of an OSC payload the scanner keeps: enough for the
// protocols it reads, not a whole title.
const oscKept = 128

type protoScanner struct {
	state   int
	buf     []byte // CSI parameters or OSC payload (first oscKept bytes)
	utfLeft int    // UTF-8 continuation bytes expected inside an OSC

	// queryPending: the last thing written was a terminal query with no
	// printable output after it.
	queryPending bool
	lastQuery    string
}

// scan reads p and calls emit for every protocol message completed in it.
func (s *protoScanner) scan(p []byte, emit func(protoMsg)) {
	for _, b := range p {
		switch s.state {
		case scGround:
			switch {
			case b == 0x1b:
				s.state = scEsc
			case b >= 0x20 && b != 0x7f, b == '\r', b == '\n', b == '\t':
				s.queryPending = false
			}
		case scEsc:
			if b != 0x1b { // ESC ESC: still an escape
				s.scanEsc(b)
			}
		case scCSI:
			switch {
			case b >= 0x40 && b <= 0x7e:
				s.csi(b)
				s.state = scGround
			case b == 0x1b:
				s.state = scEsc
			case b < 0x20:
				// C0 controls execute inside CSI; ignore them.
			case len(s.buf) < 32:
				s.buf = append(s.buf, b)
			}
		case scOSC:
			switch {
			case b == 0x07:
				s.osc(emit)
				s.state = scGround
			case b == 0x1b:
				s.state = scOSCEsc
			case b == 0x18 || b == 0x1a: // CAN, SUB abort
				s.state = scGround
			case b == 0x9c && s.utfLeft == 0: // C1 ST, not inside a UTF-8 character
				s.osc(emit)
				s.state = scGround
			default:
				switch {
				case b >= 0x80 && b <= 0xbf && s.utfLeft > 0:
					s.utfLeft--
				case b >= 0xc0 && b <= 0xdf:
					s.utfLeft = 1
				case b >= 0xe0 && b <= 0xef:
					s.utfLeft = 2
				case b >= 0xf0 && b <= 0xf7:
					s.utfLeft = 3
				default:
					s.utfLeft = 0
				}
				if len(s.buf) < oscKept {
					s.buf = append(s.buf, b)
				}
			}
		case scOSCEsc:
			if b == '\\' {
				s.osc(emit)
				s.state = scGround
				continue
			}
			// ESC starts a new sequence and abandons the OSC.
			s.state = scEsc
			s.scanEsc(b)
		case scString:
			if b == 0x1b {
				s.state = scStringEsc
			} else if b == 0x18 || b == 0x1a {
				s.state = scGround
			}
		case scStringEsc:
			if b == '\\' {
				s.state = scGround
			} else {
				s.state = scEsc
				s.scanEsc(b)
			}
		}
	}
}

// scanEsc handles the byte after an ESC that ended a string.
func (s *protoScanner) scanEsc(b byte) {
	switch b {
	case '[':
		s.state, s.buf = scCSI, s.buf[:0]
	case ']':
		s.state, s.buf, s.utfLeft = scOSC, s.buf[:0], 0
	case 'P', 'X', '^', '_':
		s.state = scString
	default:
		s.state = scGround
	}
}

// csi notes terminal queries.
func (s *protoScanner) csi(final byte) {
	params := string(s.buf)
	var q string
	switch final {
	case 'n':
		if params == "6" || params == "?6" || params == "5" {
			q = "CSI " + params + "n"
		}
	case 'c':
		if params == "" || params == "0" || params == ">" || params == ">0" || params == "=" {
			q = "CSI " + params + "c"
		}
	case 'q':
		if params == ">" || params == ">0" {
			q = "CSI " + params + "q"
		}
	case 'u':
		if params == "?" {
			q = "CSI ?u"
		}
	case 'p':
		if strings.HasSuffix(params, "$") {
			q = "CSI " + params + "p"
		}
	case 't':
		if params == "18" || params == "14" {
			q = "CSI " + params + "t"
		}
	}
	if q != "" {
		s.queryPending, s.lastQuery = true, q
	}
}

// osc decodes a complete OSC payload.
func (s *protoScanner) osc(emit func(protoMsg)) {
	payload := string(s.buf)
	num, rest, _ := strings.Cut(payload, ";")
	switch num {
	case "133", "633":
		if rest == "" {
			return
		}
		m := protoMsg{kind: protoMark, mark: rest[0], raw: "OSC " + num + ";" + rest}
		if m.mark == 'D' {
			fields := strings.Split(rest, ";")
			if len(fields) > 1 {
				m.code, _ = strconv.Atoi(fields[1])
			}
		}
		if strings.IndexByte("ABCD", m.mark) >= 0 {
			emit(m)
		}
	case "9":
		sub, args, _ := strings.Cut(rest, ";")
		if sub != "4" {
			return // OSC 9;text is a notification
		}
		st, _, _ := strings.Cut(args, ";")
		code, err := strconv.Atoi(st)
		if err != nil {
			code = 0
		}
		emit(protoMsg{kind: protoProgress, code: code, raw: "OSC 9;4;" + args})
	case "7501":
		for _, kv := range strings.FieldsFunc(rest, func(r rune) bool { return r == ';' || r == ':' }) {
			if k, v, ok := strings.Cut(kv, "="); ok && k == "state" {
				emit(protoMsg{kind: protoAgent, value: v, raw: "OSC 7501;" + rest})
			}
		}
	case "10", "11", "12":
		if rest == "?" {
			s.queryPending, s.lastQuery = true, "OSC "+num+";?"
		}
	}
}

// shellPhase is where a shell speaking OSC 133 is in its cycle.
type shellPhase int

const (
	shellNone      shellPhase = iota // no mark seen
	shellPrompt                      // A: drawing the prompt
	shellInput                       // B: reading a command line
	shellSubmitted                   // Enter pressed at the prompt, C not yet seen
	shellRunning                     // C: a command runs and owns the terminal
	shellDone                        // D: command finished, prompt to follow
)

// protocols is what the explicit protocols have said so far.
type protocols struct {
	scan      protoScanner
	shell     shellPhase
	shellSeen bool   // a B mark was seen: the shell marks its prompts, so we can wait for them
	shellWhy  string // the last mark, for reasons
	progress  int    // OSC 9;4 state; 0 none
	progWhy   string
	agent     string // OSC 7501 state: "", "working", "done", "idle"
	agentWhy  string
	changed   bool // a message arrived in the last chunk
}

func (p *protocols) output(data []byte) {
	p.changed = false
	p.scan.scan(data, func(m protoMsg) {
		p.changed = true
		switch m.kind {
		case protoMark:
			p.shellWhy = m.raw
			switch m.mark {
			case 'A':
				p.shell = shellPrompt
			case 'B':
				p.shell, p.shellSeen = shellInput, true
			case 'C':
				p.shell = shellRunning
			case 'D':
				p.shell = shellDone
			}
		case protoProgress:
			p.progress, p.progWhy = m.code, m.raw
		case protoAgent:
			p.agent, p.agentWhy = m.value, m.raw
		}
	})
}

// input notes that the user pressed Enter at an open shell prompt: the
// command line is submitted and the prompt no longer vouches for readiness.
func (p *protocols) input(data []byte) {
	if p.shell == shellInput && strings.ContainsAny(string(data), "\r\n") {
		p.shell = shellSubmitted
	}
}

// busy reports an explicit "working" signal.
func (p *protocols) busy() (string, bool) {
	if p.agent == "working" {
		return p.agentWhy + ": the agent says it is working", true
	}
	if p.progress >= 1 && p.progress <= 4 {
		return p.progWhy + ": a progress indicator is shown", true
	}
	if p.shellSeen && (p.shell == shellPrompt || p.shell == shellDone) {
		return p.shellWhy + ": the shell is drawing its prompt", true
	}
	return "", false
}

// idle reports an explicit "finished" signal that is not yet proof of a
// drawn prompt: the engine still waits for a stable screen, but no longer
// for animation to prove itself over.
func (p *protocols) idle() (string, bool) {
	if p.agent == "done" || p.agent == "idle" {
		return p.agentWhy + ": the agent says it is " + p.agent, true
	}
	return "", false
}

// ready reports an explicit "reading input" signal.
func (p *protocols) ready() (string, bool) {
	if p.shell == shellInput {
		return p.shellWhy + ": the shell's prompt is drawn and reads input", true
	}
	return "", false
}
