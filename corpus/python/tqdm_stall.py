"""A downloader CLI: input() prompt, then a tqdm progress bar whose updates
stall for 0.7 s to 2.4 s between bursts (slow network), then the prompt
again. Busy throughout the bar, stalls included."""
import time

from tqdm import tqdm

from truth import ask_line

STALLS = [0.1, 0.1, 0.7, 0.1, 2.4, 0.1, 1.1, 0.1]
while True:
    url = ask_line("url> ")
    if url == "exit":
        break
    with tqdm(total=len(STALLS), desc="download", unit="chunk", mininterval=0) as bar:
        for s in STALLS:
            time.sleep(s)
            bar.update(1)
    print("saved %s" % url)
