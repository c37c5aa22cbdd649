#!/usr/bin/env bash
# Calling xiangqi-arbiter with curl: a perpetual chase, then a request with an illegal move.
# Usage: bash examples/clients/curl.sh [BASE_URL]   (default http://127.0.0.1:8080)
set -euo pipefail
BASE="${1:-http://127.0.0.1:8080}"

# Red's rook chases Black's unprotected cannon (a0-b0 against a7-b7), twice round: the
# start position occurs a third time, and Red must change (Article 23, point 3).
answer="$(curl -sS -X POST "$BASE/v1/adjudicate" -H 'content-type: application/json' -d '{
  "fen": "4k4/9/c8/9/9/9/9/9/9/1R1K5 w - - 0 1",
  "moves": ["b0a0", "a7b7", "a0b0", "b7a7", "b0a0", "a7b7", "a0b0", "b7a7"]
}')"
echo "$answer" | python3 -c 'import json, sys; a = json.load(sys.stdin)
print("verdict:", a["verdict"], "violator:", a["violator"])
print("articles:", ", ".join(x["ref"] for x in a["articles"]))
print(a["explanation"]["en"])'

# An illegal move is a problem (RFC 9457, application/problem+json) with its ply and reason.
status="$(curl -sS -o /tmp/xa-problem.json -w '%{http_code}' -X POST "$BASE/v1/adjudicate" \
    -H 'content-type: application/json' -d '{"moves": ["h2e2", "h9g7", "e2e9"]}')"
echo "HTTP $status"
python3 -c 'import json; p = json.load(open("/tmp/xa-problem.json"))
print(p["type"], "-", p["title"], "-", p["detail"])'
