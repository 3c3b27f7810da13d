package corpus

import "github.com/ttyrig/ttyrig/termtest"

func init() { Scenarios = append(Scenarios, unseenE...) }

// unseenE is a fifth held-out check (issue 20, round 11 E): programs of
// shapes not yet in the corpus, no rule tuned on them, recorded and scored
// with the engine as it was on main before any fix (docs/CORPUS.md,
// "Round 11: set E"). Truth from strace: of every thread for neovim (its
// TUI reads the terminal on a thread of its own), of the main thread
// elsewhere.
var unseenE = []Scenario{
	// The generated_completions directory is there as after fish's first
	// run: without it fish starts a Python script in the background that
	// writes completions for every man page on the machine (minutes), and
	// waits for it at exit.
	{Name: "fish", Library: "fish 3.6 (its own line editor; autosuggestions from history, a builtin read question)", Truth: Strace,
		Command: inDir("mkdir -p .config/fish .local/share/fish/generated_completions", "fish"),
		Steps: []Step{submit("echo hello"), submit("set count 3"), submit("sleep 1; echo slept"), typ("echo he"), press(right), press(enter),
			submit("read -P 'Delete the logs? [y/N] ' answer"), submit("y").asks("question"), submit("echo $answer"), submit("exit")}},
	// In a directory of its own: rm * deletes what is there.
	{Name: "zsh", Library: "zsh 5.9 (zle, no rc files; command correction and rm * questions, completion)", Truth: Strace,
		Command: inDir("mkdir -p files && touch files/a.txt files/b.txt files/c.txt", "zsh", "-f"),
		Steps: []Step{submit("cd files"), submit("setopt correct"), submit("ehco hi"), typ("y").asks("question"), typ("ech"), press(tab), submit(" done"),
			submit("sleep 1"), submit("rm *"), typ("y").asks("question"), submit("print -l *(N) | wc -l"), submit("exit")}},
	{Name: "neovim", Library: "Neovim 0.7.2 (libuv loop, its TUI on a thread; insert, write, :confirm q and its [Y]es, (N)o, (C)ancel)", Truth: Strace, Threads: true,
		Command: inDir("printf 'draft\\n' > notes.txt", "nvim", "--clean", "notes.txt"),
		Steps: []Step{press(key('o')), typ("first line"), press(esc), submit(":w"), press(key('o')), typ("second"), press(esc),
			submit(":confirm q"), typ("n").asks("question")}},
	{Name: "irssi", Library: "irssi 1.4.3 (glib main loop, offline; /help, a second window, /set, /quit)", Truth: Strace,
		Command: inDir("mkdir -p irc", "irssi", "--home=irc", "-n", "tester"),
		Steps: []Step{submit("/help window"), submit("/window new hide"), submit("/echo hello from window two"), submit("/window 1"),
			submit("/set theme"), submit("/quit")}},
	{Name: "mg", Library: "mg 20221112 (a small Emacs; save, its (y or n) and (yes or no) questions on quit)", Truth: Strace,
		Command: inDir("printf 'draft\\n' > notes.txt", "mg", "notes.txt"),
		Steps: []Step{typ("hello world"), press(termtest.Ctrl('x'), termtest.Ctrl('s')), typ(" more"), press(termtest.Ctrl('x'), termtest.Ctrl('c')),
			typ("n").asks("question"), submit("yes").asks("question")}},
	{Name: "lynx", Library: "Lynx 2.9.0 (local HTML; follow a link, back, the g URL prompt, quit and its (y))", Truth: Strace,
		Command: inDir(w3mSetup, "lynx", "page.html"),
		Steps: []Step{press(down), press(enter), press(left), press(key('g')), typ("page2.html"), press(enter),
			press(key('q')), typ("y").asks("question")}},
	{Name: "cfdisk", Library: "cfdisk 2.38 (util-linux, ncurses; on an image file: label type menu, a new partition, write and its yes)", Truth: Strace,
		Command: inDir("truncate -s 64M disk.img", "cfdisk", "disk.img"),
		Steps: []Step{press(enter).asks("question"), press(enter), press(termtest.KeyBackspace, termtest.KeyBackspace, termtest.KeyBackspace), submit("32M"),
			press(key('W')), submit("yes").asks("question"), press(key('q'))}},
}
