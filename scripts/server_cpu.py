"""Server CPU per request, from /proc, for a few request bodies: the measure issue 12 uses
("the worst game costs at most 15x game200's CPU"). Starts BINARY on 127.0.0.1:PORT, sends
each body N times over one keep-alive connection (3,000 for game200, 300 for others), two
rounds, and prints the best round's CPU per request and its ratio to the first body's.
Loopback only, bounded loops; it stops the server when done.

Usage: python3 scripts/server_cpu.py BINARY PORT BODY.json [BODY.json ...]
Each BODY is a request like tests/data/game200.json ({"fen": ..., "moves": [...]}).
With RULESET=cxa2020 (or any book's id) in the environment, every request names that book.
"""

import http.client, json, os, sys, time, subprocess
binary, port = sys.argv[1], int(sys.argv[2])
files = sys.argv[3:]
p = subprocess.Popen([binary, "serve"], env={**os.environ, "XA_ADDR": f"127.0.0.1:{port}", "RUST_LOG": "warn"}, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
time.sleep(0.5)
def cpu():
    f = open(f"/proc/{p.pid}/stat").read().split(")")[1].split()
    return (int(f[11]) + int(f[12])) / os.sysconf("SC_CLK_TCK")
c = http.client.HTTPConnection("127.0.0.1", port)
res = {}
for rnd in range(2):
  for fn in files:
    d = json.load(open(fn)); req = {"fen": d["fen"], "moves": d["moves"]}
    if os.environ.get("RULESET"): req["ruleset"] = os.environ["RULESET"]
    body = json.dumps(req)
    n = 3000 if "game200" in fn else 300
    t0 = cpu()
    for _ in range(n):
        c.request("POST", "/v1/adjudicate", body, {"content-type": "application/json"})
        r = c.getresponse(); r.read(); assert r.status == 200, r.status
    res.setdefault(fn, []).append((cpu() - t0) / n * 1e6)
base = min(res[files[0]])
for fn in files:
    print(f"{os.path.basename(fn):20s} {min(res[fn]):8.1f} us server CPU/request  ratio {min(res[fn])/base:5.1f}")
p.terminate(); p.wait()
