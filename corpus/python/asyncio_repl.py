"""A console on asyncio, the way asyncio services expose one: the prompt
written to stdout, lines read with loop.add_reader on stdin (the
terminal in its normal line mode), a heartbeat task that wakes every
200 ms and draws nothing, and commands that await 1 s of work. Ground
truth: the prompt flushed, then ready; busy when a line arrived."""
import asyncio
import sys

import truth


async def heartbeat():
    while True:
        await asyncio.sleep(0.2)


async def main():
    loop = asyncio.get_running_loop()
    lines = asyncio.Queue()
    loop.add_reader(sys.stdin.fileno(), lambda: lines.put_nowait(sys.stdin.readline()))
    beat = asyncio.create_task(heartbeat())
    print("connected to queue broker")
    while True:
        sys.stdout.write("broker> ")
        sys.stdout.flush()
        truth.log("ready", "main")
        line = (await lines.get()).strip()
        truth.log("busy", "", line)
        if line in ("quit", ""):
            break
        await asyncio.sleep(1)
        print("%s: %d messages" % (line, len(line) * 7))
    beat.cancel()


asyncio.run(main())
