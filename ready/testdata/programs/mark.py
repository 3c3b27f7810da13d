# mark.py CAST NEEDLE [INPUT]: add a "ready" marker right after the first
# output event containing NEEDLE (the question drawn), and a "busy" marker
# right before the first input after it (the answer).
import json, sys
path, needle = sys.argv[1], sys.argv[2]
lines = open(path).read().splitlines()
out, state = [lines[0]], 0
for l in lines[1:]:
    ev = json.loads(l)
    if state == 1 and ev[1] == "i":
        out.append(json.dumps([ev[0], "m", "busy"]))
        state = 2
    out.append(l)
    if state == 0 and ev[1] == "o" and needle in ev[2]:
        out.append(json.dumps([round(ev[0] + 1e-6, 6), "m", "ready"]))
        state = 1
open(path, "w").write("\n".join(out) + "\n")
