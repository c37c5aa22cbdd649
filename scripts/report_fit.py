"""The printed ruling's height, estimated by the service against Chromium's layout: the check
behind `src/api/report.rs`'s `ESTIMATE_MARGIN`. For reports of every book and language (public
cases, CXA figures, AXF diagrams, game200, nine rounds of forbidden moves) it prints the
service's estimate (`data-estimated-mm`), the height Chromium lays the page out at unscaled
(print media, 190 mm wide), their difference, the print scale the service chose (`fitNN`)
and the pages Chromium prints the page on. Every page should print on one, but for a page
longer than the smallest scale holds.

Usage: python3 scripts/report_fit.py BASE_URL   (a running service, e.g. http://127.0.0.1:8080)
Needs Playwright for Python and Chromium (CHROMIUM, else /usr/bin/chromium), and pdfinfo.
"""

import csv, json, os, re, subprocess, sys, tempfile, urllib.request
from pathlib import Path

from playwright.sync_api import sync_playwright

DATA = Path(__file__).resolve().parent.parent / "tests" / "data"


def games():
    cases = {c["id"]: c for c in json.loads((DATA / "public.json").read_text())["cases"]}
    for cid in ["E3@3", "E3@+"]:
        for lang in [None, "vi", "en", "zh"]:
            yield f"{cid}-{lang}", {"fen": cases[cid]["fen"], "moves": cases[cid]["moves"]}, lang
    figures = {r["id"]: r for r in csv.DictReader((DATA / "cxa2020_figures.tsv").open(), delimiter="\t")}
    for fid in ["cxa2020-r13", "cxa2020-f19", "cxa2020-f11", "cxa2020-r45"]:
        f = figures[fid]
        game = {"fen": f["fen"], "moves": f["moves_iccs"].split() * 2, "ruleset": "cxa2020"}
        for lang in [None, "en", "zh"]:
            yield f"{fid}-{lang}", game, lang
    diagrams = json.loads((DATA / "axf_diagrams.json").read_text())
    diagrams = diagrams if isinstance(diagrams, list) else diagrams["cases"]
    for d in diagrams[:60:12]:
        for lang in [None, "en"]:
            yield f"{d['id']}-{lang}", {"fen": d["fen"], "moves": d["moves"], "ruleset": "axf"}, lang
    g200 = json.loads((DATA / "game200.json").read_text())
    for lang in [None, "zh"]:
        yield f"game200-{lang}", {"fen": g200["fen"], "moves": g200["moves"]}, lang
    nine = {"fen": "3k5/4a4/9/9/9/9/9/9/9/R4K3 w - - 0 1", "ruleset": "cxa2020", "moves": [
        "a0a9", "d9d8", "a9a8", "d8d9", "a8d8", "d9e9", "d8e8", "e9d9", "e8d8", "d9e9", "d8d9",
        "e9e8", "d9e9", "e8d8", "e9e8", "d8d7", "e8e7", "d7d8", "e7d7"]}
    for lang in [None, "vi", "zh"]:
        yield f"nine-{lang}", nine, lang


def main():
    base = sys.argv[1].rstrip("/")
    pdf = Path(tempfile.mkdtemp()) / "report.pdf"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"))
        page = browser.new_page()
        for name, game, lang in games():
            body = {**game, **({"lang": lang} if lang else {})}
            req = urllib.request.Request(f"{base}/v1/report", data=json.dumps(body).encode(),
                                         headers={"content-type": "application/json"})
            html = urllib.request.urlopen(req).read().decode()
            estimate = int(re.search(r'data-estimated-mm="(\d+)"', html).group(1))
            fit = re.search(r'<body class="(fit\d+)"', html)
            page.set_content(re.sub(r'<body class="fit\d+"', "<body", html))
            page.emulate_media(media="print")
            page.set_viewport_size({"width": 718, "height": 100})  # 190 mm at 96 dpi
            laid_out = page.evaluate("document.documentElement.scrollHeight") * 25.4 / 96
            page.set_content(html)
            page.pdf(path=str(pdf), format="A4", print_background=True, prefer_css_page_size=True)
            info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
            pages = re.search(r"Pages:\s+(\d+)", info).group(1)
            print(f"{name:52s} estimate {estimate:4d} mm  laid out {laid_out:6.1f} mm  "
                  f"short {laid_out - estimate:+6.1f}  {fit.group(1) if fit else '-':6s} pages {pages}")
        browser.close()


if __name__ == "__main__":
    main()
