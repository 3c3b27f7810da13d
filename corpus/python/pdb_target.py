"""A small program to step through under pdb (python3 -m pdb)."""
import time


def load(n):
    time.sleep(1.2)
    return list(range(n))


items = load(5)
total = sum(items)
print("total", total)
