package termtest

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// WithoutShellIntegration stops Start from installing OSC 133 prompt
// marks in a shell it knows (see shellMarks): the shell's prompt is then
// exactly the user's, and readiness goes by the kernel and the screen.
func WithoutShellIntegration() Option { return func(c *config) { c.noShellMarks = true } }

// The marks, as the FinalTerm / OSC 133 protocol spells them: prompt start
// (A) and prompt end, input start (B); bashMarks adds command start (C) and
// command end with its status (D). BEL-terminated.
const (
	markA = "\x1b]133;A\x07"
	markB = "\x1b]133;B\x07"
)

// bashMarks is bash's PROMPT_COMMAND: before each prompt it reports the
// last command's status (D), wraps PS1, whatever set it, between A and B
// (once: a PS1 already holding B is left alone) and restores $? for the
// user's prompt, as editors' shell integration does. It keeps itself and
// PS0 out of the environment of the commands the shell runs.
const bashMarks = `__ttyrig_s=$?; export -n PROMPT_COMMAND PS0; printf '\033]133;D;%s\007' "$__ttyrig_s"; ` +
	`case "$PS1" in *'133;B'*) ;; *) PS1='\[\033]133;A\007\]'"$PS1"'\[\033]133;B\007\]';; esac; ` +
	`__ttyrig_rc() { return "$1"; }; __ttyrig_rc "$__ttyrig_s"`

// shellMarks returns the environment for argv with OSC 133 prompt marks
// installed when argv starts an interactive shell termtest knows, so the
// readiness engine is told exactly when the shell reads a command line
// (ready.SignalProtocol) instead of inferring it from a quiet screen:
//
//   - bash: PROMPT_COMMAND (D, then A and B wrapped around PS1 at every
//     prompt) and PS0 (C); a PROMPT_COMMAND of the user's runs after ours.
//     An rc file that replaces PROMPT_COMMAND drops the marks; the kernel
//     and the screen still decide.
//   - zsh: ZDOTDIR points at startup files (integrationDir) that source
//     the user's own (.zshenv, .zprofile, .zshrc; then ZDOTDIR is the
//     user's again) and add a precmd hook (D, then A and B around PS1,
//     after the user's own hooks so a theme's PS1 is wrapped too) and a
//     preexec hook (C). Not with -f.
//   - fish: XDG_DATA_DIRS starts with a directory whose
//     fish/vendor_conf.d/ttyrig.fish wraps fish_prompt between A and B at
//     the first prompt (after the user's config.fish defined it) and
//     reports C and D from fish_preexec and fish_postexec. Not with -N.
//   - dash and sh (when it is dash): PS1 between A and B, which dash prints
//     as it is; dash has no hook for C and D.
//
// Other programs, shells running a script or -c command, the opt-out
// WithoutShellIntegration, and a PS1 or PROMPT_COMMAND that already speaks
// OSC 133 get env unchanged.
func shellMarks(argv []string, path string, cfg config) []string {
	env := cfg.env
	if cfg.noShellMarks || len(argv) == 0 {
		return env
	}
	for _, a := range argv[1:] {
		if a == "-c" || !strings.HasPrefix(a, "-") {
			return env // a command or a script, not an interactive shell
		}
	}
	lookup := func(k string) (string, bool) {
		for i := len(env) - 1; i >= 0; i-- {
			if name, v, ok := strings.Cut(env[i], "="); ok && name == k {
				return v, true
			}
		}
		return "", false
	}
	ps1, hasPS1 := lookup("PS1")
	if strings.Contains(ps1, "133;") {
		return env
	}
	env = slices.Clone(env)
	switch shellName(argv[0], path) {
	case "bash":
		pc := bashMarks
		if user, ok := lookup("PROMPT_COMMAND"); ok && user != "" {
			if strings.Contains(user, "133;") {
				return cfg.env
			}
			// Theirs sees the real $?; ours restores it again at the end.
			pc = strings.Replace(bashMarks, `case "$PS1"`, `__ttyrig_rc() { return "$1"; }; __ttyrig_rc "$__ttyrig_s"; `+user+`; case "$PS1"`, 1)
		}
		return append(env, "PROMPT_COMMAND="+pc, `PS0=\033]133;C\007`)
	case "zsh":
		if slices.ContainsFunc(argv[1:], func(a string) bool { return a == "-f" || a == "--no-rcs" || a == "--norcs" }) {
			return cfg.env // no startup files: nowhere to hook
		}
		dir, err := integrationDir()
		if err != nil {
			return cfg.env
		}
		user, _ := lookup("ZDOTDIR")
		return append(env, "__TTYRIG_ZDOTDIR="+user, "ZDOTDIR="+filepath.Join(dir, "zsh"))
	case "fish":
		if slices.ContainsFunc(argv[1:], func(a string) bool { return a == "-N" || a == "--no-config" }) {
			return cfg.env
		}
		dir, err := integrationDir()
		if err != nil {
			return cfg.env
		}
		dirs, ok := lookup("XDG_DATA_DIRS")
		if !ok || dirs == "" {
			dirs = "/usr/local/share:/usr/share" // the XDG default
		}
		return append(env, "XDG_DATA_DIRS="+filepath.Join(dir, "data")+":"+dirs)
	case "dash":
		if !hasPS1 {
			ps1 = "$ "
			if os.Geteuid() == 0 {
				ps1 = "# "
			}
		}
		return append(env, "PS1="+markA+ps1+markB)
	}
	return cfg.env
}

// shellName names the shell argv0 (found at path) runs: "bash", "dash"
// (also for sh when it is dash), or "".
func shellName(argv0, path string) string {
	base := filepath.Base(argv0)
	switch base {
	case "bash", "dash", "zsh", "fish":
		return base
	case "sh":
		if real, err := filepath.EvalSymlinks(path); err == nil && filepath.Base(real) == "dash" {
			return "dash"
		}
	}
	return ""
}
