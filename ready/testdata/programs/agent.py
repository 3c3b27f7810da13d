# An agent-like TUI: a transcript, a status line, and an input box whose
# cursor stays in the box while the "model" works. Modes:
#   spinner GLYPHS GAPS_MS  : status line cycles GLYPHS with the given gaps
#                             (the first gap the longest), then the answer
#   think SECONDS           : "Thinking…" drawn once, silent, then the answer
# Ground truth ("ready"/"busy" lines with unix nanos) goes to $LOG.
import os, sys, time, termios, tty

def log(ev):
    if os.environ.get("LOG"):
        with open(os.environ["LOG"], "a") as f:
            f.write(f"{time.time_ns()} {ev}\n")

out = sys.stdout
transcript = []
def w(s):
    out.write(s); out.flush()

def draw(status, typed=""):
    rows = transcript[-6:]
    s = "\x1b[H\x1b[2J"
    for i, l in enumerate(rows):
        s += f"\x1b[{i+1};1H{l}"
    s += f"\x1b[8;1H{status}\x1b[9;1H" + "─" * 40 + f"\x1b[10;1H> {typed}\x1b[11;1H" + "─" * 40
    s += f"\x1b[10;{3+len(typed)}H"
    w(s)

def status(text):
    w(f"\x1b7\x1b[8;1H\x1b[2K{text}\x1b8")

mode = sys.argv[1]
fd = sys.stdin.fileno()
old = termios.tcgetattr(fd)
tty.setraw(fd)
try:
    draw("")
    log("ready")
    typed = ""
    while True:
        c = os.read(fd, 1).decode(errors="ignore")
        if c in ("\x03", "\x04"):
            break
        if c != "\r":
            typed += c
            w(c)
            continue
        transcript.append("› " + typed)
        typed = ""
        draw("")
        if mode == "spinner":
            glyphs, gaps = sys.argv[2], [int(g) for g in sys.argv[3].split(",")]
            for i, gap in enumerate(gaps):
                status(f"{glyphs[i % len(glyphs)]} Working")
                time.sleep(gap / 1000)
        else:
            status("Thinking…")
            time.sleep(float(sys.argv[2]))
        transcript.append("● done")
        draw("")
        log("ready")
finally:
    termios.tcsetattr(fd, termios.TCSADRAIN, old)
