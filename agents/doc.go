// Package agents holds the live end-to-end tests of real agent CLIs
// (Claude Code, Codex CLI, Gemini CLI) against a loopback fake model. They
// need the pinned CLIs from npm and run under the "agents" build tag:
//
//	make test-agents
//
// With TTYRIG_RECORD=1 they also rewrite the real-agent recordings in
// recordings/agents, which `make test` replays without npm.
package agents
