package termtest

import (
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"sync"
)

// integrationFiles are the startup files that install prompt marks in zsh
// and fish (see shellMarks), by path under integrationDir.
var integrationFiles = map[string]string{
	"zsh/.zshenv": `# ttyrig shell integration: source the user's startup files, then add OSC 133 marks.
__ttyrig_ours=$ZDOTDIR
__ttyrig_user=${__TTYRIG_ZDOTDIR:-$HOME}
[[ -z $__TTYRIG_ZDOTDIR ]] && __ttyrig_unset=1
unset __TTYRIG_ZDOTDIR
if [[ -f $__ttyrig_user/.zshenv ]]; then
  ZDOTDIR=$__ttyrig_user
  source $__ttyrig_user/.zshenv
  __ttyrig_user=${ZDOTDIR:-$HOME}
  ZDOTDIR=$__ttyrig_ours
fi
`,
	"zsh/.zprofile": `if [[ -f $__ttyrig_user/.zprofile ]]; then
  ZDOTDIR=$__ttyrig_user
  source $__ttyrig_user/.zprofile
  ZDOTDIR=$__ttyrig_ours
fi
`,
	"zsh/.zshrc": `ZDOTDIR=$__ttyrig_user
[[ -f $ZDOTDIR/.zshrc ]] && source $ZDOTDIR/.zshrc
[[ -n $__ttyrig_unset ]] && unset ZDOTDIR
unset __ttyrig_ours __ttyrig_user __ttyrig_unset
__ttyrig_precmd() {
  local s=$?
  print -rn -- $'\e]133;D;'$s$'\a'
  [[ $PS1 == *'133;B'* ]] || PS1=$'%{\e]133;A\a%}'$PS1$'%{\e]133;B\a%}'
  return $s
}
__ttyrig_preexec() { print -rn -- $'\e]133;C\a' }
autoload -Uz add-zsh-hook
add-zsh-hook precmd __ttyrig_precmd
add-zsh-hook preexec __ttyrig_preexec
`,
	"data/fish/vendor_conf.d/ttyrig.fish": `# ttyrig shell integration: OSC 133 marks around the prompt and each command.
status is-interactive; or exit
# Commands run from this shell get the user's XDG_DATA_DIRS back.
set -gx XDG_DATA_DIRS (string split : -- $XDG_DATA_DIRS | string match -v -r '/ttyrig-shell-[^/]*/data$' | string join :)
function __ttyrig_wrap --on-event fish_prompt
    # At the first prompt, once the user's config.fish has defined fish_prompt.
    functions -e __ttyrig_wrap
    if functions -q fish_prompt
        functions -c fish_prompt __ttyrig_user_prompt
    else
        function __ttyrig_user_prompt
        end
    end
    function fish_prompt
        # The user's prompt runs first, so it sees $status and $pipestatus.
        set -l p (__ttyrig_user_prompt | string collect -N)
        printf '\e]133;A\a%s\e]133;B\a' "$p"
    end
end
function __ttyrig_preexec --on-event fish_preexec
    printf '\e]133;C\a'
end
function __ttyrig_postexec --on-event fish_postexec
    printf '\e]133;D;%s\a' $status
end
`,
}

var (
	integrationOnce sync.Once
	integrationPath string
	integrationErr  error
)

// integrationDir writes integrationFiles once per process into a
// directory of the temporary directory named after their content, so
// every terminal (and every later run of the same ttyrig) shares it and
// nothing accumulates.
func integrationDir() (string, error) {
	integrationOnce.Do(func() {
		h := sha256.New()
		names := make([]string, 0, len(integrationFiles))
		for name := range integrationFiles {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			fmt.Fprintf(h, "%s\x00%s\x00", name, integrationFiles[name])
		}
		dir := filepath.Join(os.TempDir(), fmt.Sprintf("ttyrig-shell-%d-%x", os.Getuid(), h.Sum(nil)[:6]))
		for _, name := range names {
			if err := writeOnce(filepath.Join(dir, name), integrationFiles[name]); err != nil {
				integrationErr = fmt.Errorf("termtest: shell integration files: %w", err)
				return
			}
		}
		integrationPath = dir
	})
	return integrationPath, integrationErr
}

// writeOnce writes content at path unless a file with it is there,
// through a rename so a concurrent reader never sees half a file.
func writeOnce(path, content string) error {
	if b, err := os.ReadFile(path); err == nil && string(b) == content {
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(path), ".tmp-*")
	if err != nil {
		return err
	}
	_, werr := f.WriteString(content)
	cerr := f.Close()
	if werr != nil || cerr != nil {
		_ = os.Remove(f.Name())
		return fmt.Errorf("writing %s: %v %v", path, werr, cerr)
	}
	if err := os.Rename(f.Name(), path); err != nil {
		_ = os.Remove(f.Name())
		return err
	}
	return nil
}
