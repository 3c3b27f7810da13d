#!/usr/bin/env bash
# Installs the pinned agent CLIs (Claude Code, Codex CLI, Gemini CLI, and the
# others of fixtures/agents/others.go) that the real-agent tests drive, into a
# cache directory outside the repository.
#
#   TTYRIG_AGENTS_DIR   where to install (default: $XDG_CACHE_HOME/ttyrig/agents,
#                       or ~/.cache/ttyrig/agents)
#
# Idempotent: when every pinned version is already there and runs, it does
# nothing. Keep the versions in step with fixtures/agents/agents.go.
set -euo pipefail

PKGS=(
	"@anthropic-ai/claude-code@2.1.197"
	"@openai/codex@0.169.0"
	"@google/gemini-cli@0.61.0"
)

# The agents with no readiness profile of their own. Installed without their
# install scripts: those download platform binaries from outside the
# registries (and fail offline); the binaries they need come as registry
# packages anyway (opencode's in opencode-linux-x64).
OTHERS=(
	"@qwen-code/qwen-code@0.24.4"
	"opencode-ai@1.18.33"
	"@vibe-kit/grok-cli@0.0.34"
	"@continuedev/cli@1.5.47"
	"@mariozechner/pi-coding-agent@0.73.1"
)

if [[ -n "${TTYRIG_AGENTS_DIR:-}" ]]; then
	dir="$TTYRIG_AGENTS_DIR"
elif [[ -n "${XDG_CACHE_HOME:-}" ]]; then
	dir="$XDG_CACHE_HOME/ttyrig/agents"
else
	dir="$HOME/.cache/ttyrig/agents"
fi

command -v npm >/dev/null || { echo "install-agents: npm not found" >&2; exit 1; }
command -v node >/dev/null || { echo "install-agents: node not found" >&2; exit 1; }

# installed_version prints the version recorded in node_modules/<pkg>/package.json.
installed_version() {
	local pj="$dir/node_modules/$1/package.json"
	[[ -f "$pj" ]] || return 0
	node -e 'process.stdout.write(require(process.argv[1]).version || "")' "$pj"
}

up_to_date() {
	local spec name want
	for spec in "$@"; do
		name="${spec%@*}"
		want="${spec##*@}"
		[[ "$(installed_version "$name")" == "$want" ]] || return 1
	done
	# Native binaries come in optional dependencies that npm may skip.
	[[ -x "$dir/node_modules/@openai/codex-linux-x64/vendor/x86_64-unknown-linux-musl/bin/codex" ]] &&
		[[ -x "$dir/node_modules/opencode-linux-x64/bin/opencode" ]]
}

mkdir -p "$dir"
if up_to_date "${PKGS[@]}" "${OTHERS[@]}"; then
	echo "install-agents: pinned versions already in $dir"
else
	# A package.json of our own keeps npm from walking up into a parent project.
	[[ -f "$dir/package.json" ]] || echo '{"name":"ttyrig-agents","private":true}' >"$dir/package.json"
	echo "install-agents: installing ${PKGS[*]} into $dir"
	(cd "$dir" && npm install --no-audit --no-fund --save-exact "${PKGS[@]}")
	echo "install-agents: installing ${OTHERS[*]} into $dir"
	(cd "$dir" && npm install --no-audit --no-fund --save-exact --ignore-scripts "${PKGS[@]}" "${OTHERS[@]}")
	[[ -x "$dir/node_modules/opencode-linux-x64/bin/opencode" ]] || {
		echo "install-agents: opencode's native binary (opencode-linux-x64) is missing" >&2
		exit 1
	}
fi

# npm here does not run install scripts, and Claude Code's postinstall is what
# puts its native binary in place.
if ! "$dir/node_modules/.bin/claude" --version >/dev/null 2>&1; then
	echo "install-agents: running Claude Code's install.cjs"
	(cd "$dir/node_modules/@anthropic-ai/claude-code" && node install.cjs)
fi

for bin in claude codex gemini qwen grok cn pi; do
	printf 'install-agents: %-6s ' "$bin"
	if ! out=$("$dir/node_modules/.bin/$bin" --version 2>&1); then
		echo "FAILED: $out" >&2
		exit 1
	fi
	echo "$out"
done
printf 'install-agents: %-6s ' opencode
"$dir/node_modules/opencode-linux-x64/bin/opencode" --version
