"""Calling xiangqi-arbiter from Python with the standard library only.

Usage: python3 examples/clients/python_client.py [BASE_URL]   (default http://127.0.0.1:8080)

Rules on a perpetual chase, then shows how a problem (an illegal move) comes back.
"""

import json
import sys
import urllib.error
import urllib.request

BASE = sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8080"


def adjudicate(game):
    """POSTs a game; returns (status, body) for an answer and for a problem alike."""
    request = urllib.request.Request(
        f"{BASE}/v1/adjudicate",
        data=json.dumps(game).encode(),
        headers={"content-type": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as problem:  # 4xx/5xx carry application/problem+json
        return problem.code, json.load(problem)


chase = {
    "fen": "4k4/9/c8/9/9/9/9/9/9/1R1K5 w - - 0 1",
    "moves": ["b0a0", "a7b7", "a0b0", "b7a7"] * 2,
}
status, ruling = adjudicate(chase)
assert status == 200, ruling
print(f"verdict: {ruling['verdict']}, violator: {ruling['violator']}")
print("articles:", ", ".join(a["ref"] for a in ruling["articles"]))
if ruling["verdict"] == "must_change":
    print(f"{ruling['violator']} must change its move or lose:", ruling["explanation"]["en"])

status, problem = adjudicate({"moves": ["h2e2", "h9g7", "e2e9"]})
print(f"HTTP {status}: {problem['type']} - {problem['detail']}")
assert status == 422 and problem["type"].endswith("illegal-move"), problem
