#!/usr/bin/env python3
"""The computer opponent's latency and memory at each level (issue 34).

    XA_ADDR=127.0.0.1:8090 target/release/xiangqi-arbiter serve &
    python3 scripts/engine_levels.py http://127.0.0.1:8090 [ROUNDS]

For each level 1-10, asks POST /v1/engine/move ROUNDS times (default 5) from each of three
positions (the start, a middlegame after 20 plies, an ending), one request at a time, and
prints the wall time of the answer (median and maximum, milliseconds), the engine's depth
(median), and the resident memory of the service and of its engine process after the level
(VmRSS and VmHWM from /proc, MB). The server must run on this machine: its engine is found
as the child process of the one listening on the port. Python 3 standard library only.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The first 20 plies of tests/data/game200.json: a middlegame.
MIDDLEGAME = json.load(open(os.path.join(ROOT, "tests/data/game200.json")))["moves"][:20]
POSITIONS = {
    "start": {"moves": []},
    "middlegame": {"moves": MIDDLEGAME},
    "ending": {"fen": "3k5/4a4/4ba3/9/2b6/9/9/4B4/4A4/2R1K4 w - - 0 40", "moves": []},
}


def post(base: str, body: dict) -> dict:
    req = urllib.request.Request(f"{base}/v1/engine/move", json.dumps(body).encode(),
                                 {"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as resp:
        return json.load(resp)


def listening_pid(port: int) -> int:
    """The pid of the process listening on `port` (by its socket's inode)."""
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = open(table).read().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            f = line.split()
            if f[3] == "0A" and int(f[1].rsplit(":", 1)[1], 16) == port:
                inodes.add(f[9])
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            for fd in os.listdir(f"/proc/{pid}/fd"):
                link = os.readlink(f"/proc/{pid}/fd/{fd}")
                if link.startswith("socket:[") and link[8:-1] in inodes:
                    return int(pid)
        except OSError:
            continue
    raise SystemExit(f"no process listens on port {port} here")


def children(pid: int) -> list[int]:
    out = []
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            out += [int(c) for c in open(f"/proc/{pid}/task/{task}/children").read().split()]
        except OSError:
            pass
    return out


def memory_mb(pid: int) -> tuple[float, float]:
    status = dict(line.split(":", 1) for line in open(f"/proc/{pid}/status").read().splitlines())
    kb = lambda key: float(status[key].split()[0])  # noqa: E731
    return kb("VmRSS") / 1024, kb("VmHWM") / 1024


def main() -> None:
    base = sys.argv[1].rstrip("/")
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    server = listening_pid(int(base.rsplit(":", 1)[1]))
    post(base, {"moves": [], "level": 1})  # the engine started, once
    print("| Level | Median ms | Max ms | Median depth | Engine RSS MB (peak) | Service RSS MB |")
    print("| --- | --- | --- | --- | --- | --- |")
    for level in range(1, 11):
        times, depths = [], []
        for _ in range(rounds):
            for body in POSITIONS.values():
                began = time.perf_counter()
                answer = post(base, {**body, "level": level})
                times.append((time.perf_counter() - began) * 1000)
                depths.append(answer["depth"] or 0)
        engine = children(server)
        rss, hwm = memory_mb(engine[0]) if engine else (0.0, 0.0)
        service, _ = memory_mb(server)
        print(f"| {level} | {statistics.median(times):.0f} | {max(times):.0f} | "
              f"{statistics.median(depths):.0f} | {rss:.0f} ({hwm:.0f}) | {service:.0f} |")


if __name__ == "__main__":
    main()
