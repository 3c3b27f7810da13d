#!/usr/bin/env bash
# Installs what the live corpus (corpus/, make corpus) runs:
#   - the pinned npm packages of corpus/node/package.json (package-lock.json)
#     into a cache directory outside the repository;
#   - the Debian programs and Python libraries, with apt-get, when missing.
# The Go programs (corpus/tui, a nested module) are built by the test itself.
#
#   TTYRIG_CORPUS_DIR   where the npm packages go (default:
#                       $XDG_CACHE_HOME/ttyrig/corpus, or ~/.cache/ttyrig/corpus)
#
# Idempotent. Without apt-get (not Debian) or without root, missing Debian
# packages are reported and the live test skips the scenarios that need them.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"

if [[ -n "${TTYRIG_CORPUS_DIR:-}" ]]; then
	dir="$TTYRIG_CORPUS_DIR"
elif [[ -n "${XDG_CACHE_HOME:-}" ]]; then
	dir="$XDG_CACHE_HOME/ttyrig/corpus"
else
	dir="$HOME/.cache/ttyrig/corpus"
fi

# Debian packages: program or python module → package.
declare -A DEB=(
	[bash]=bash [sqlite3]=sqlite3 [bc]=bc [nano]=nano [git]=git [less]=less
	[strace]=strace [node]=nodejs [npm]=npm [/usr/bin/python3]=python3
	[dialog]=dialog [whiptail]=whiptail [vim]=vim [top]=procps [htop]=htop
	[gdb]=gdb [gcc]=gcc [lua5.4]=lua5.4 [irb]=ruby [ncdu]=ncdu [tig]=tig [fzf]=fzf
	[ranger]=ranger [mc]=mc [vifm]=vifm [nnn]=nnn [calcurse]=calcurse [cmus]=cmus
	[bpython]=bpython [ptpython]=ptpython [pudb3]=python3-pudb [tmux]=tmux [neomutt]=neomutt
	[micro]=micro [vd]=visidata [w3m]=w3m [sbcl]=sbcl [newsboat]=newsboat
	[gdu]=gdu [weechat]=weechat-curses [gnuplot]=gnuplot-nox [elinks]=elinks [abook]=abook [btop]=btop
	[fish]=fish [zsh]=zsh [nvim]=neovim [irssi]=irssi [mg]=mg [lynx]=lynx [cfdisk]=fdisk
)
declare -A PYMOD=([prompt_toolkit]=python3-prompt-toolkit [tqdm]=python3-tqdm
	[rich]=python3-rich [click]=python3-click [urwid]=python3-urwid [IPython]=python3-ipython
	[blessed]=python3-blessed)

want=()
for prog in "${!DEB[@]}"; do
	command -v "$prog" >/dev/null 2>&1 || want+=("${DEB[$prog]}")
done
for mod in "${!PYMOD[@]}"; do
	/usr/bin/python3 -c "import $mod" >/dev/null 2>&1 || want+=("${PYMOD[$mod]}")
done
if ((${#want[@]})); then
	if command -v apt-get >/dev/null && [[ $(id -u) == 0 ]]; then
		echo "install-corpus: apt-get install ${want[*]}"
		apt-get update -qq
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${want[@]}" >/dev/null
	else
		echo "install-corpus: missing ${want[*]} and no apt-get as root to install them;" \
			"the live corpus skips the scenarios that need them" >&2
	fi
fi

mkdir -p "$dir"
if cmp -s "$root/corpus/node/package-lock.json" "$dir/package-lock.json" && [[ -d "$dir/node_modules/ink-text-input" ]]; then
	echo "install-corpus: pinned npm packages already in $dir"
elif command -v npm >/dev/null; then
	cp "$root/corpus/node/package.json" "$root/corpus/node/package-lock.json" "$dir/"
	echo "install-corpus: npm ci into $dir"
	(cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
else
	echo "install-corpus: npm not found; the live corpus skips the npm scenarios" >&2
fi
echo "install-corpus: node_modules in $dir/node_modules"
