# A REPL that prints "Loading..." and, after the work, its prompt below it.
import os, time
def log(ev):
    with open(os.environ["LOG"], "a") as f:
        f.write(f"{time.time_ns()} {ev}\n")
log("busy")
print("Loading...", flush=True)
time.sleep(0.6)
log("ready")
while True:
    try:
        line = input(">>> ")
    except EOFError:
        break
    print("Computing...", flush=True)
    time.sleep(0.4)
    print(len(line))
    log("ready")
