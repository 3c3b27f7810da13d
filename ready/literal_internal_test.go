package ready

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func TestRequiredLiteral(t *testing.T) {
	for _, c := range []struct {
		pattern string
		want    literal
	}{
		{`(?m)(?i)esc to interrupt`, literal{text: "c to interrupt", fold: true}}, // "s" is also the long s
		{`(?m)^\s*[✻✶✢✽✳·*]\s+\p{L}+…`, literal{text: "…", class: bytesOf(" \t\n\f\r"), alts: alts("*", "·", "✢", "✳", "✶", "✻", "✽")}},
		{`(?i)do you want to (proceed|make this edit)`, literal{text: "do you want to ", fold: true, alts: alts("proceed", "e thi"), altsFold: true}},
		{`Press (enter|return) to continue`, literal{text: " to continue", alts: alts("enter", "return")}},
		{`(?i)Über alles`, literal{text: "ber alle", fold: true}}, // Ü folds outside ASCII, "s" to the long s
		{`(?i)…done`, literal{text: "…done", fold: true}},
		{`(ab)+cd`, literal{text: "ab"}},
		{`(abc){2,3}d`, literal{text: "abc"}},
		{`(abc)?d`, literal{text: "d"}},
		{`(abc)*`, literal{}},
		{`foo|barbaz`, literal{alts: alts("foo", "barbaz")}},
		{`foo|x*`, literal{}}, // a branch that requires nothing
		{`(?i)(↑|↓|\bnavigate\b|arrow keys)`, literal{alts: alts("↑", "↓", "navigate", "arrow "), altsFold: true}}, // "k" is also the Kelvin sign
		{`(?i:AB)|CD`, literal{alts: alts("ab", "cd"), altsFold: true}},                                            // all compared in either case
		{`ab|[0-3]`, literal{alts: alts("ab", "0", "1", "2", "3")}},
		{`[a-z]+\d`, literal{class: bytesOf("0123456789")}}, // the smaller class
		{`^\s*(\d{1,2})[.)]\s+(.+?)$`, literal{class: bytesOf(".)")}},
		{`(?i)[a-b]x?`, literal{class: bytesOf("abAB")}},
		{`[✻a]b`, literal{text: "b", alts: alts("a", "✻")}},            // a class past ASCII: one of its few runes
		{`[^a]b`, literal{text: "b"}},                                  // a negated class requires nothing
		{`(\d|x)y`, literal{text: "y", class: bytesOf("0123456789x")}}, // one class, as parsed
		{`(ab|c)d`, literal{text: "d", alts: alts("ab", "c")}},
		{`[\x{2800}-\x{28FF}]x`, literal{text: "x"}}, // too many runes to look for each
		{`x\x{FFFD}yz`, literal{text: "yz"}},         // U+FFFD matches invalid UTF-8 too
		{`(`, literal{}},                             // not a pattern: no literal, no panic
	} {
		if got := requiredLiteral(c.pattern); got != c.want {
			t.Errorf("requiredLiteral(%q) = %+v, want %+v", c.pattern, got, c.want)
		}
	}
}

// alts returns the alternatives as a literal keeps them.
func alts(texts ...string) string { return strings.Join(texts, "\x00") }

// bytesOf returns the set of the bytes of s.
func bytesOf(s string) byteSet {
	var b byteSet
	for i := 0; i < len(s); i++ {
		b.add(s[i])
	}
	return b
}

func TestLiteralIn(t *testing.T) {
	for _, c := range []struct {
		lit  literal
		s    string
		want bool
	}{
		{literal{}, "", true},
		{literal{text: "…"}, "✻ Thinking… (3s)", true},
		{literal{text: "…"}, "✻ Thinking...", false},
		{literal{text: "c to interrupt", fold: true}, "• Working (3s • ESC TO INTERRUPT)", true},
		{literal{text: "c to interrupt", fold: true}, "esc to interrup", false},
		{literal{text: "é", fold: true}, "caf\u00e9", true},
		{literal{text: "ab", fold: true}, "xAB", true},
		{literal{text: "ab", fold: true}, "a", false},
		{literal{text: "ab", fold: true}, "aXAb", true}, // the first lower-case start fails
		{literal{text: "ab", fold: true}, "Ax aB", true},
		{literal{text: "ab", fold: true}, "aAaA", false},
		{literal{text: "1b", fold: true}, "11B", true}, // no case to the first byte
		{literal{alts: alts("↑", "navigate"), altsFold: true}, "↑↓ to move", true},
		{literal{alts: alts("↑", "navigate"), altsFold: true}, "NAVIGATE", true},
		{literal{alts: alts("↑", "navigate"), altsFold: true}, "enter to select", false},
		{literal{text: "x", alts: alts("a", "b")}, "b x", true},
		{literal{text: "x", alts: alts("a", "b")}, "b y", false},
		{literal{class: bytesOf(".)")}, "1) Yes", true},
		{literal{class: bytesOf(".)")}, "Yes, allow", false},
		{literal{text: "…", class: bytesOf(" ")}, "✻ Thinking…", true},
		{literal{text: "…", class: bytesOf(" ")}, "✻Thinking…", false},
		{literal{class: bytesOf("a")}, "\xe1", false}, // a byte past ASCII is no ASCII rune
	} {
		if got := c.lit.in(c.s); got != c.want {
			t.Errorf("%+v.in(%q) = %v, want %v", c.lit, c.s, got, c.want)
		}
	}
}

// enginePatterns returns every pattern the engine asks of rows: the
// package's own and every built-in profile's markers.
func enginePatterns(t testing.TB) []*regexp.Regexp {
	t.Helper()
	res := []*regexp.Regexp{
		promptPrefix, statusWord, statusTail, keysAfterQuestionRe, keyWordPairsRe, gerundLead, gerund, notVerb, barSegment, digitRun, dotsRun, complete,
		percentBefore, percentAfter, clockToken, durationToken, promptGlyph, yesNoRe, passRe, enterRe,
		chevronRe, numberedRe, listItemRe, choiceRe, permitRe, labelRe, leadGlyphRe, questionLine,
		selectItem, listHint, keysRe, keyBarItem, toggleRe, maskRe, secretRe, chevronLine, barItemRe,
		buttonRe, squareButtonRe, checkMarkRe, slashChoicesRe, commaChoicesRe, expandRe,
		yesNoWordsRe, yesNoKeysRe, yesNoDefaultRe, // question_yesno.go
		chooserItem, moveHint, // question_chooser.go
		labelGap,              // question_buttons.go
		checkRow,              // question_checks.go
		glyphItem, askGlyphRe, // question_glyphs.go
		fieldLabel,                // question_field.go
		numberedPlain, buttonHint, // question_dialog.go
		keyMarkRe, keyMarkedTailRe, // question_keymarked.go
		runKeysRe,                     // question_runkeys.go
		quotedAnswersRe, questionAtRe, // question_quoted.go
	}
	res = append(res, permitAnywhere) // question_beside.go
	// Every pattern the package compiles is in the list above.
	files, _ := filepath.Glob("*.go")
	compiled := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		compiled += strings.Count(string(b), "regexp.MustCompile(")
	}
	if compiled != len(res) {
		t.Fatalf("the package compiles %d patterns, the list has %d: add the new ones", compiled, len(res))
	}
	for _, p := range Builtin() {
		for _, ms := range [][]Marker{p.Busy, p.Idle, p.Question} {
			for _, m := range ms {
				cm, err := m.compile()
				if err != nil {
					t.Fatal(err)
				}
				res = append(res, cm.re)
			}
		}
	}
	return res
}

// A literal never turns away a row its pattern matches: checked for every
// pattern the engine uses on every row the recordings drew.
func TestLiteralsOnRecordedRows(t *testing.T) {
	res := enginePatterns(t)
	rows := append(recordedRows(t), prefilterSeeds...)
	skipped := 0
	for _, re := range res {
		lit := literalOf(re)
		for _, s := range rows {
			if lit.in(s) {
				continue
			}
			skipped++
			if re.MatchString(s) {
				t.Errorf("%q matches %q, whose literal %+v it lacks", re, s, lit)
			}
		}
	}
	// The check shows something only if literals turn rows away.
	if skipped < len(rows) {
		t.Fatalf("literals turned away only %d of %d×%d rows", skipped, len(res), len(rows))
	}
}

func FuzzLiterals(f *testing.F) {
	for _, s := range append(prefilterSeeds, "eſc to interrupt", "\u212Aey", "do you want to PROCEED?", "\xff…") {
		f.Add(s)
	}
	res := enginePatterns(f)
	f.Fuzz(func(t *testing.T, s string) {
		for _, re := range res {
			if !literalOf(re).in(s) && re.MatchString(s) {
				t.Errorf("%q matches %q, whose literal %+v it lacks", re, s, literalOf(re))
			}
		}
	})
}
