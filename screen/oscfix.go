package screen

import (
	"bytes"
	"encoding/binary"
)

// oscFilter works around a defect in the emulator's parser
// (charmbracelet/x/ansi): it ends an OSC, DCS, APC, PM or SOS string at any
// raw 0x9C byte (C1 ST), even when that byte is the continuation byte of a
// UTF-8 character. Real Claude Code sets its idle title with
// "ESC]0;✳ Claude Code BEL" and ✳ is E2 9C B3, so the parser would print
// " Claude Code" onto the screen.
//
// The filter tracks the string state itself and replaces such a byte with
// another continuation byte, so the parser sees an intact string; for OSC
// strings it keeps the original payload so the title handler can restore it.
type oscFilter struct {
	state    int // fsGround, fsEsc, fsString
	isOSC    bool
	utfLeft  int    // continuation bytes still expected in the current character
	payload  []byte // the OSC payload as received
	mangled  bool   // payload had bytes replaced
	restored [][2][]byte
	buf      []byte
	// strLen counts the bytes of the string being read (any kind), and
	// longest is the most it reached in the last filter call: the
	// parser's buffer must hold that much before it parses the call's
	// bytes (see binding.fit).
	strLen, longest int
}

const (
	fsGround = iota
	fsEsc
	fsString

	substitute = 0xBF // a continuation byte the parser keeps as data
)

// filter returns p with 0x9C continuation bytes inside strings replaced. It
// returns p itself when nothing needed replacing.
//
// It runs on every byte of output, so the state lives in locals and runs
// of plain ASCII text are skipped in a tight loop.
func (f *oscFilter) filter(p []byte) []byte {
	out := p
	copied := false
	state, utfLeft := f.state, f.utfLeft
	f.longest = 0
scan:
	for i := 0; i < len(p); i++ {
		b := p[i]
		if state == fsGround && utfLeft == 0 {
			// Printable text and controls other than ESC change nothing:
			// skipped eight bytes at a time while none is ESC or ≥ 0x80,
			// then byte by byte.
			for i+8 <= len(p) && plainWord(binary.LittleEndian.Uint64(p[i:])) {
				i += 8
			}
			if i == len(p) {
				break scan
			}
			b = p[i]
			for b < 0x80 && b != 0x1b {
				if i++; i == len(p) {
					break scan
				}
				b = p[i]
			}
		}
		if state == fsEsc {
			switch b {
			case ']':
				state, utfLeft = fsString, 0
				f.start(true)
				continue
			case 'P', 'X', '^', '_':
				state, utfLeft = fsString, 0
				f.start(false)
				continue
			case 0x1b:
				continue
			}
			state = fsGround
			if b < 0x80 {
				continue // the escape's final byte
			}
			// A C1 control or UTF-8 lead byte acts as in ground state.
		}
		switch state {
		case fsGround:
			switch {
			case utfLeft > 0:
				// The parser takes the bytes after a UTF-8 lead byte as the
				// character's, whatever they are: 0x9D in "語" (E8 AA 9E) or
				// "❯" (E2 9D AF) is not a C1 control.
				utfLeft--
			case b == 0x1b:
				state = fsEsc
			case b == 0x9d: // C1 OSC
				state, utfLeft = fsString, 0
				f.start(true)
			case b == 0x90, b == 0x98, b == 0x9e, b == 0x9f: // C1 DCS, SOS, PM, APC
				state, utfLeft = fsString, 0
				f.start(false)
			default:
				utfLeft = utf8Continuations(b)
			}
		case fsString:
			if f.strLen++; f.strLen > f.longest {
				f.longest = f.strLen
			}
			switch {
			case b == 0x07 && f.isOSC, b == 0x18, b == 0x1a:
				f.end()
				state, utfLeft = fsGround, 0
			case b == 0x1b:
				f.end()
				state, utfLeft = fsEsc, 0
			case b >= 0x80 && b <= 0xbf && utfLeft > 0:
				utfLeft--
				if f.isOSC && len(f.payload) < parserDataSize {
					f.payload = append(f.payload, b)
				}
				if b == 0x9c {
					if !copied {
						out = append(f.buf[:0], p...)
						copied = true
					}
					out[i] = substitute
					f.mangled = true
				}
			case b == 0x9c:
				f.end()
				state, utfLeft = fsGround, 0
			default:
				utfLeft = utf8Continuations(b)
				if f.isOSC && len(f.payload) < parserDataSize { // the parser keeps no more
					f.payload = append(f.payload, b)
				}
			}
		}
	}
	f.state, f.utfLeft = state, utfLeft
	if copied {
		f.buf = out[:0]
	}
	return out
}

// plainWord reports whether none of the eight bytes in w is ESC or has
// its high bit set (a byte that can change the filter's state): no byte
// of w ^ ESC×8 is zero, and no byte of w is ≥ 0x80.
func plainWord(w uint64) bool {
	const ones, highs, escs = 0x0101010101010101, 0x8080808080808080, 0x1b1b1b1b1b1b1b1b
	x := w ^ escs // a zero byte where w has ESC
	return (w|((x-ones)&^x))&highs == 0
}

// utf8Continuations returns how many continuation bytes follow b when b
// leads a UTF-8 character, as the parser counts them; else 0.
func utf8Continuations(b byte) int {
	switch {
	case b >= 0xc2 && b <= 0xdf:
		return 1
	case b >= 0xe0 && b <= 0xef:
		return 2
	case b >= 0xf0 && b <= 0xf4:
		return 3
	}
	return 0
}

// start opens a string; the caller moves to fsString.
func (f *oscFilter) start(osc bool) {
	f.isOSC = osc
	f.payload, f.mangled = f.payload[:0], false
	f.strLen = 0
}

// end closes a string; a mangled OSC payload is queued for restore. The
// caller leaves fsString.
func (f *oscFilter) end() {
	if f.isOSC && f.mangled {
		orig := bytes.Clone(f.payload)
		m := bytes.Clone(orig)
		for i, b := range m {
			if b == 0x9c {
				m[i] = substitute
			}
		}
		if len(f.restored) > 8 { // never grows without bound on odd input
			f.restored = f.restored[1:]
		}
		f.restored = append(f.restored, [2][]byte{m, orig})
	}
	f.isOSC, f.mangled = false, false
}

// restore returns the original payload of an OSC the parser dispatched with
// data; data itself when the filter did not change it.
func (f *oscFilter) restore(data []byte) []byte {
	for i, r := range f.restored {
		if bytes.Equal(r[0], data) {
			f.restored = append(f.restored[:i], f.restored[i+1:]...)
			return r[1]
		}
	}
	return data
}
