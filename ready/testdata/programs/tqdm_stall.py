# tqdm progress that stalls 0.7 s and 2.4 s, then asks for a name.
import os, time
from tqdm import tqdm
def log(ev):
    with open(os.environ["LOG"], "a") as f:
        f.write(f"{time.time_ns()} {ev}\n")
log("busy")
for i in tqdm(range(60)):
    time.sleep({20: 0.7, 40: 2.4}.get(i, 0.02))
log("ready")
name = input("name? ")
print("hello", name)
