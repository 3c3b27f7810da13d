// Package corpus measures readiness on real programs built on real
// libraries, against ground truth the engine never sees.
//
// Each Scenario runs a real program: scripts on pinned npm packages
// (@inquirer/prompts, enquirer, @clack/prompts, prompts, ora, ink with
// ink-text-input, ink-spinner and ink-select-input, listr2, blessed,
// terminal-kit, npm's read, and node's own REPL and readline; node/), Go
// programs on bubbletea, bubbles (textinput, list, progress), huh, survey,
// promptui, tview on tcell, c-bata/go-prompt and pterm (tui/, a nested
// module so the main module's dependencies do not grow) and gum (built by
// the live test with go install, pinned), Python on prompt_toolkit (prompts
// and dialogs), IPython, tqdm, rich, click, urwid, jquast's blessed and the
// standard library's cmd, pdb, curses and asyncio (python/, Debian's python3
// packages), and Debian programs (bash, bash scripts' read and select,
// sqlite3, bc, python3's REPL, lua, irb, gdb, nano, git add -p, less,
// dialog, whiptail, vim, top, htop, ncdu, tig, fzf, and, never seen while
// the engine was tuned (round 8), ranger, mc, vifm, nnn, calcurse, cmus,
// bpython, ptpython, pudb, tmux and neomutt; round 9, micro, visidata, w3m,
// sbcl and newsboat; round 10, gdu, weechat, gnuplot, elinks, abook and
// btop). The scenario drives it
// the way a test would: start-up, questions, busy phases (spinners,
// progress bars, status bars, silent work), timed redraws while waiting,
// several turns. The scenarios after the first 42 (widened) are shapes the
// engine was not built on (issue 20): widget toolkits' lists, modals and
// forms, choosers, other REPLs, late redraws, event loops that wait with a
// timeout, a reader that polls. The 6 after those (unseenB) are held out:
// programs no rule was tuned on (bpython, ptpython, pudb on its first run
// and after, bash inside tmux, neomutt), scored first with the engine as it
// was (docs/CORPUS.md, "Round 8: programs never seen (B)"); the 6 after
// those (unseenC) are a third such set: micro, visidata, w3m, sbcl,
// newsboat and dialog's check and radio lists ("Round 9: programs never
// seen (C)"); the 6 after those (unseenD) a fourth: gdu, WeeChat,
// gnuplot, ELinks, abook and btop ("Round 10: programs never seen (D)");
// the 7 after those (unseenE, scenarios_e.go) a fifth: fish, zsh, Neovim,
// irssi, mg, Lynx and cfdisk ("Round 11: set E").
//
// Ground truth comes from one of two places, never from the engine:
//
//   - Hook: the program's own render hook appends a JSON line to the side
//     log named by TTYRIG_FIXTURE_LOG (the fixtures' convention) when the
//     library has rendered a prompt and waits for keys ("ready", with the
//     prompt's kind) and when it took input and started work ("busy").
//     Node: after the library's first write once its event-loop turn ends
//     (node:repl: after displayPrompt); bubbletea, huh, survey and promptui:
//     after the write of the frame; tview: after tcell's write of the frame
//     to its Tty; go-prompt: after its writer's Flush; pterm (which writes
//     to os.Stdout and takes no writer): after a pipe in front of os.Stdout
//     copied the frame to the terminal; prompt_toolkit and IPython: the
//     application's after_render event; urwid: after MainLoop.draw_screen;
//     curses and blessed (Python): after the refresh or flush of the frame;
//     input() and getpass as rich and click call them: after the prompt is
//     flushed.
//   - Strace: the program runs under strace (for tmux, the shell in its
//     first pane does: Scenario.SelfTraced); ready is the moment its main
//     process entered the wait on the terminal that the next input ended
//     (or a wait for keys that timed out after 300 ms or more: top's
//     refresh), busy the moment a terminal read returned that input
//     (strace.go). Go programs (gum, fzf) read from whichever thread is
//     free: for them every thread counts, ready is the end of the last
//     frame written before the input, busy the read that took it
//     (StraceThreadsTruth).
//
// Every program is busy from its start until its first ready. Run drives a
// scenario live (termtest, a real PTY), records it and puts the truth in the
// recording as "ready"/"busy" markers (plus "prompt:<kind>" from hooks, a
// question's as "prompt:question:N" where its hook counts the N choices
// it draws);
// ReplayScores replays a recording on a virtual clock and Judge scores the
// engine and the usual rules (internal/seeds) against the markers:
// premature (a waiting state entered while truly busy), missed (a true ready
// with no waiting state before the next true busy), latency from true ready
// to the detector's waiting state, and questions parsed (a true question
// answered with State Question and exactly its N options, or at least two
// where N is not said; PromptMark.ParsedBy).
//
// The recordings in testdata are scored by replay in every go test run
// (TestReplay, golden testdata/replay-score.golden); make corpus installs
// the programs and runs the live corpus, make record-corpus re-records it.
package corpus
