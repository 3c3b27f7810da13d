package ready

import (
	"regexp"
	"strconv"
	"strings"
	"unicode"
)

// Questions whose choices are written on the line the answer is typed on,
// or listed under it: line-reading prompts have no cursor to move through
// a list, so they name the choices and take the answer as text.
//
//   - rich's Prompt with choices: "Licence [mit/apache/gpl] (mit): ", the
//     default in parentheses (corpus/testdata/rich.cast);
//   - click's Choice: "Bucket (photos, backups, logs) [photos]: ", the
//     default in brackets (corpus/testdata/click.cast);
//   - the expand prompt of Inquirer.js and its ports: "? Conflict on
//     package.json: (Yndh)", one key per choice, the default in capitals
//     and h (help) last (corpus/testdata/inquirer-more.cast);
//   - a rawlist: "? Package manager" with the cursor after it and the
//     numbered choices "1) npm", "2) pnpm" under it.

var (
	// slashChoicesRe: "Licence [mit/apache/gpl] (mit):".
	slashChoicesRe = regexp.MustCompile(`^(.*?\S)\s*\[([^\[\]/,]+(?:/[^\[\]/,]+)+)\]\s*(?:\(([^()]*)\))?\s*[:?]$`)
	// commaChoicesRe: "Bucket (photos, backups, logs) [photos]:".
	commaChoicesRe = regexp.MustCompile(`^(.*?\S)\s*\(([^(),]+(?:,\s*[^(),]+)+)\)\s*(?:\[([^\[\]]*)\])?\s*[:?]$`)
	// expandRe: "? Conflict on package.json: (Yndh)".
	expandRe = regexp.MustCompile(`^\s*\?\s+(.+?)\s*\(([A-Za-z]{3,9})\)$`)
)

// inlineChoices finds choices named on the line the cursor is on, line
// being the text left of it.
func inlineChoices(v *view, line string) *Prompt {
	if line == "" {
		return nil
	}
	for _, c := range []struct {
		re  *regexp.Regexp
		sep string
	}{{slashChoicesRe, "/"}, {commaChoicesRe, ","}} {
		m := v.find(c.re, line)
		if m == nil {
			continue
		}
		p := &Prompt{Kind: PromptOptions, Text: strings.TrimSpace(m[1]), Default: -1}
		for _, o := range strings.Split(m[2], c.sep) {
			p.Options = append(p.Options, strings.TrimSpace(o))
		}
		for i, o := range p.Options {
			if o == strings.TrimSpace(m[3]) {
				p.Default = i
			}
		}
		return p
	}
	if p := expandKeys(v, line); p != nil {
		return p
	}
	return nil
}

// expandKeys reads an expand prompt's keys: distinct letters, one of them
// in capitals (the default), ending with h for help. A default answer
// shown in parentheses ("? Name (Ada)") is a word, not keys.
func expandKeys(v *view, line string) *Prompt {
	m := v.find(expandRe, line)
	if m == nil || !strings.HasSuffix(strings.ToLower(m[2]), "h") {
		return nil
	}
	p := &Prompt{Kind: PromptKeys, Text: strings.TrimSpace(m[1]), Default: -1}
	seen := map[rune]bool{}
	for i, r := range m[2] {
		l := unicode.ToLower(r)
		if seen[l] {
			return nil
		}
		seen[l] = true
		if unicode.IsUpper(r) {
			if p.Default >= 0 {
				return nil
			}
			p.Default = i
		}
		p.Options = append(p.Options, string(r))
	}
	if p.Default < 0 {
		return nil
	}
	return p
}

// numberedBelow returns the numbered choices "1) npm", "2. pnpm", … on
// the rows right under row r, nil if there are fewer than two.
func numberedBelow(v *view, r int) []string {
	var opts []string
	for i := r + 1; i <= len(v.rows) && len(opts) < 30; i++ {
		m := v.find(numberedRe, v.row(i))
		if m == nil || m[1] != "" || m[2] != strconv.Itoa(len(opts)+1) {
			break
		}
		opts = append(opts, strings.TrimSpace(m[3]))
	}
	if len(opts) < 2 {
		return nil
	}
	return opts
}
