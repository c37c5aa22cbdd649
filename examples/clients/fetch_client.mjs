// Calling xiangqi-arbiter from JavaScript with fetch (Node 18+ or a browser).
// Usage: node examples/clients/fetch_client.mjs [BASE_URL]   (default http://127.0.0.1:8080)
// Rules on a perpetual chase, then shows how a problem (an illegal move) comes back.

const base = process.argv[2] ?? "http://127.0.0.1:8080";

async function adjudicate(game) {
  const response = await fetch(`${base}/v1/adjudicate`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(game),
  });
  // Answers are application/json; problems (4xx/5xx) are application/problem+json.
  return { status: response.status, body: await response.json() };
}

const cycle = ["b0a0", "a7b7", "a0b0", "b7a7"];
const { status, body: ruling } = await adjudicate({
  fen: "4k4/9/c8/9/9/9/9/9/9/1R1K5 w - - 0 1",
  moves: [...cycle, ...cycle],
});
if (status !== 200) throw new Error(`unexpected ${status}: ${JSON.stringify(ruling)}`);
console.log(`verdict: ${ruling.verdict}, violator: ${ruling.violator}`);
console.log(`articles: ${ruling.articles.map((a) => a.ref).join(", ")}`);
if (ruling.verdict === "must_change") {
  console.log(`${ruling.violator} must change its move or lose: ${ruling.explanation.en}`);
}

const problem = await adjudicate({ moves: ["h2e2", "h9g7", "e2e9"] });
console.log(`HTTP ${problem.status}: ${problem.body.type} - ${problem.body.detail}`);
if (problem.status !== 422 || !problem.body.type.endsWith("illegal-move")) {
  throw new Error(`expected an illegal-move problem, got ${JSON.stringify(problem.body)}`);
}
