"""The arbiter's desk in a real browser (headless Debian chromium, driven by Playwright).

Run by .ci/run against the release binary:

    python tests/browser/desk_test.py BASE_URL SCREENSHOT_DIR [DESK_PNG]

It reviews a public perpetual-chase case (verdict, violator, the judged cycle on the move list,
the chase arrow and the chased piece on the board's SVG), steps with the keyboard and the
slider, shows an illegal move of a pasted game, opens the same game file saved in UTF-8, GBK and
Big5 and as an XQF file (the same ruling), shares and reloads a link, plays by clicking
(a refused destination leaves the position as it was), repeats positions to the third
occurrence (the banner: must change, then loss; a draw), plays a few moves against the
computer (its replies, undo by pairs, a game handed over at its must-change ply, where the
computer may not repeat), switches language, checks a phone width, and loads the API
reference. Nothing may be fetched from anywhere but the service. The computer needs the
service's engine (fairy-stockfish): without one, the mode's check is skipped and says so,
except in CI (CI=true), where it fails.
Screenshots go to SCREENSHOT_DIR; DESK_PNG (docs/desk.png) is the desk with the chase shown,
and docs/desk-engine.png, beside it, a short game against the computer.
"""

import base64
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlparse

from playwright.sync_api import expect, sync_playwright

# The standard start position, as the desk's "New game" sets it up.
START_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
# E3@3: a rook chases an unprotected cannon; at the third occurrence Red must change.
CASE_ID = "E3@3"
# E1: a rook checking back and forth, played by clicking.
CHECK_FEN = "3k5/9/9/9/9/R8/9/9/9/5K3 w - - 0 1"
CHECK_MOVES = ["a4a9", "d9d8", "a9a8", "d8d9", "a8a9", "d9d8", "a9a8", "d8d9", "a8a9"]
HORSE_DANCE = ["b0c2", "b9c7", "c2b0", "c7b9"] * 2


def public_case(case_id):
    cases = json.loads((ROOT / "tests/data/public.json").read_text())["cases"]
    return next(c for c in cases if c["id"] == case_id)


class Desk:
    """The page under test, with the few gestures the checks need."""

    def __init__(self, page, base):
        self.page = page
        self.base = base

    def board(self):
        return self.page.locator("#board svg.xq-board")

    def settled(self):
        expect(self.page.locator("#board")).not_to_have_class("busy")
        expect(self.board()).to_have_count(1)

    def fen(self):
        self.settled()
        return self.board().get_attribute("data-fen")

    def review(self, moves, fen="", ruleset="vn2004", notation=""):
        self.page.fill("#game", moves)
        self.page.fill("#fen", fen)
        self.page.select_option("#ruleset", ruleset)
        self.page.select_option("#notation", notation)
        self.page.click("#review-form button[type=submit]")

    def expect_ply(self, ply, plies):
        expect(self.page.locator("#ply-label")).to_contain_text(f" {ply}/{plies}")
        expect(self.page.locator(f'#moves button[data-ply="{ply}"]')).to_have_attribute(
            "aria-current", "step"
        )
        self.settled()

    def judged(self, ply, plies):
        """Steps onto ply `ply` from the move list; the line that says what it was judged."""
        self.page.click(f'#moves button[data-ply="{ply}"]')
        self.expect_ply(ply, plies)
        return self.page.locator("#ply-judged")

    def click_square(self, square):
        """A click where a person would click: the middle of the square, on the piece if any."""
        # The board is redrawn after each answer: wait for the square of the board now shown.
        # A redraw between the wait and the measure detaches the square found (no box): find
        # it again on the new board.
        locator = self.page.locator(f"#sq-{square}")
        for _ in range(20):
            locator.wait_for(state="visible")
            box = locator.bounding_box()
            if box is not None:
                break
            self.page.wait_for_timeout(50)
        else:
            raise AssertionError(f"square {square} never stood still on the board")
        self.page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)

    def play(self, move):
        before = self.page.locator("#moves button[data-ply]").count()
        self.click_square(move[:2])
        expect(self.page.locator(f'.mark.selected[data-square="{move[:2]}"]')).to_have_count(1)
        self.click_square(move[2:])
        expect(self.page.locator("#moves button[data-ply]")).to_have_count(before + 1)
        expect(self.page.locator(f'.arrow.move[data-from="{move[:2]}"][data-to="{move[2:]}"]')).to_have_count(1)
        self.settled()


def check_review(desk, shots, desk_png):
    page = desk.page
    case = public_case(CASE_ID)
    moves = case["moves"]
    ruling = page.request.post(
        f"{desk.base}/v1/adjudicate",
        data={"fen": case["fen"], "moves": moves, "ruleset": case["ruleset"], "lang": "en"},
    ).json()
    assert ruling["verdict"] == "must_change" and ruling["violator"] == "red", ruling
    desk.review(" ".join(moves), case["fen"], case["ruleset"])
    expect(page.locator("#verdict")).to_have_text("Must change")
    expect(page.locator("#violator")).to_have_text("Red")
    expect(page.locator("#articles")).to_contain_text("23")
    expect(page.locator("#explanation")).to_have_text(ruling["explanation"]["en"])

    # The move list: the judged cycle, and the three occurrences.
    n = len(moves)
    desk.expect_ply(n, n)
    cycle = sorted(c["ply"] for c in ruling["repetition"]["cycle"])
    listed = sorted(int(b) for b in page.locator("#moves .cycle button").evaluate_all(
        "bs => bs.map(b => b.dataset.ply)"))
    assert listed == cycle, (listed, cycle)
    rep = ruling["repetition"]
    for sign, ply in zip("①②③", (rep["first_ply"], rep["previous_ply"], rep["trigger_ply"])):
        expect(page.locator(f'#moves button[data-ply="{ply}"]')).to_contain_text(sign)

    # The trigger is Black's cannon stepping away; Red's move before it (in the cycle) brought
    # the rook back onto the cannon's file: the chase arrow runs from the rook to the cannon,
    # and the cannon is circled. Stepped to with the keyboard (the page has the focus).
    expect(page.locator(f'.arrow.move[data-from="{moves[-1][:2]}"][data-to="{moves[-1][2:]}"]')).to_have_count(1)
    expect(page.locator(".arrow.chase")).to_have_count(0)
    page.locator("h1").click()
    page.keyboard.press("ArrowLeft")
    desk.expect_ply(n - 1, n)
    rook, cannon = moves[-2][2:], moves[-3][2:]
    expect(page.locator(f'.arrow.chase[data-from="{rook}"][data-to="{cannon}"]')).to_have_count(1)
    expect(page.locator(f'.mark.chased[data-square="{cannon}"]')).to_have_count(1)
    page.screenshot(path=str(shots / "01-review-chase.png"), full_page=True)
    if desk_png:
        page.screenshot(path=str(desk_png), full_page=True)

    # The printable ruling opens in a new tab.
    with page.expect_popup() as popup:
        page.click("#report")
    report = popup.value
    report.wait_for_load_state()
    # The article chased under, named by its label (the reference is the row's data-ref).
    expect(report.locator('tr[data-ref="23.3"]')).to_have_count(1)
    expect(report.locator("body")).to_contain_text("Article 23, point 3")
    expect(report.locator("svg.xq-board").first).to_be_attached()
    report.screenshot(path=str(shots / "01-report.png"), full_page=True)
    report.close()

    # More steps with the keyboard.
    page.keyboard.press("Home")
    desk.expect_ply(0, n)
    expect(page.locator(".arrow")).to_have_count(0)
    page.keyboard.press("ArrowRight")
    desk.expect_ply(1, n)
    expect(page.locator(f'.arrow.move[data-from="{moves[0][:2]}"][data-to="{moves[0][2:]}"]')).to_have_count(1)
    page.keyboard.press("End")
    desk.expect_ply(n, n)
    page.keyboard.press("ArrowLeft")
    desk.expect_ply(n - 1, n)
    # The slider follows the arrow keys too, and a ply outside the cycle has no chase arrow.
    page.focus("#slider")
    page.keyboard.press("Home")
    desk.expect_ply(0, n)
    expect(page.locator(".arrow.chase")).to_have_count(0)
    page.click('#moves button[data-ply="%d"]' % n)
    desk.expect_ply(n, n)
    return case


def check_share_link(desk, case):
    page = desk.page
    page.click("#share")
    link = page.input_value("#share-url")
    assert "moves=" in link and urlparse(link).fragment, link
    page.goto(desk.base + "/")
    desk.settled()
    page.goto(link)
    expect(page.locator("#verdict")).to_have_text("Must change")
    desk.expect_ply(len(case["moves"]), len(case["moves"]))
    expect(page.locator("#game")).to_have_value(" ".join(case["moves"]))


def check_illegal_game(desk, shots):
    page = desk.page
    desk.review("h2e2 h7h0")
    expect(page.locator("#notice")).to_contain_text("h7h0")
    expect(page.locator("#notice")).to_contain_text("cannon")
    desk.expect_ply(2, 2)
    # The position before the move, the move drawn as refused.
    before = page.request.post(f"{desk.base}/v1/legal-moves", data={"moves": ["h2e2"]}).json()
    assert desk.fen().split()[:2] == before["position"]["fen"].split()[:2]
    expect(page.locator('.arrow.illegal[data-from="h7"][data-to="h0"]')).to_have_count(1)
    expect(page.locator("#moves .illegal")).to_have_count(1)
    page.screenshot(path=str(shots / "02-illegal-move.png"), full_page=True)
    # In a record, the plies before the illegal move can still be stepped through.
    desk.review("1. C2.5 H8+7\n2. H2+3 R1+3", notation="wxf")
    expect(page.locator("#notice")).to_contain_text("R1+3")
    desk.expect_ply(4, 4)
    page.locator("h1").click()
    page.keyboard.press("ArrowLeft")
    desk.expect_ply(3, 4)
    expect(page.locator('.arrow.move[data-from="h0"][data-to="g2"]')).to_have_count(1)


def check_records(desk):
    """Moves in another notation, and a numbered score sheet: the service reads them."""
    page = desk.page
    desk.review("C2.5 H8+7")
    expect(page.locator("#verdict")).to_have_text("No violation")
    expect(page.locator('#moves button[data-ply="1"]')).to_have_text("C2=5")
    expect(page.locator('.arrow.move[data-from="h9"][data-to="g7"]')).to_have_count(1)
    desk.review("1. C2.5 H8+7\n2. H2+3 H2+3")
    desk.expect_ply(4, 4)
    page.locator("h1").click()
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")
    desk.expect_ply(1, 4)
    expect(page.locator('.arrow.move[data-from="h2"][data-to="e2"]')).to_have_count(1)


def check_file_open(desk, shots):
    """A game file opened: its bytes go to the service as they are; the same record saved in
    UTF-8, GBK and Big5 (written here, in memory, with Python's codecs) gets the same ruling,
    and its text stands in the form as the service read it."""
    page = desk.page
    text = (ROOT / "tests/data/records/encodings/E3_plus_utf8.pgn").read_text(encoding="utf-8")
    page.fill("#game", "")
    page.fill("#fen", "")
    page.select_option("#notation", "")
    page.select_option("#ruleset", "vn2004")
    rulings = []
    # A file's type as the browser gives it: its own, or none it knows (sent as bytes).
    for codec, mime in (("utf-8", "text/plain"), ("gbk", ""), ("big5", "application/x-chess-pgn")):
        name = f"E3_plus_{codec}.pgn"
        page.set_input_files(
            "#file", files=[{"name": name, "mimeType": mime, "buffer": text.encode(codec)}]
        )
        expect(page.locator("#notice")).to_have_text(f"Read {name} as {codec}.")
        expect(page.locator("#verdict")).to_have_text("Loss")
        expect(page.locator("#violator")).to_have_text("Red")
        assert page.input_value("#game") == text.replace("\r\n", "\n"), codec
        desk.expect_ply(9, 9)
        expect(page.locator('.arrow.move[data-from="b0"][data-to="a0"]')).to_have_count(1)
        rulings.append(
            (page.inner_text("#verdict"), page.inner_text("#articles"), page.inner_text("#explanation"))
        )
        if codec == "big5":
            page.screenshot(path=str(shots / "09-file-big5.png"), full_page=True)
    assert rulings[0] == rulings[1] == rulings[2], rulings
    # The same game as an XQF file (XQStudio's binary format, obfuscated version 1.8, with a
    # variation and comments): sent as bytes, its game shown as the PGN the service answers.
    xqf = (ROOT / "tests/data/records/xqf/E3_plus_variation_comments_v18.xqf").read_bytes()
    page.set_input_files(
        "#file", files=[{"name": "E3_plus.xqf", "mimeType": "", "buffer": xqf}]
    )
    expect(page.locator("#notice")).to_have_text(
        "Read the binary file E3_plus.xqf; the game is shown as PGN."
    )
    expect(page.locator("#verdict")).to_have_text("Loss")
    expect(page.locator("#violator")).to_have_text("Red")
    assert '[Format "ICCS"]' in page.input_value("#game")
    desk.expect_ply(9, 9)
    expect(page.locator('.arrow.move[data-from="b0"][data-to="a0"]')).to_have_count(1)
    assert page.inner_text("#articles") == rulings[0][1]
    # Bytes that are not text in any encoding the service could tell: its problem, in words.
    page.set_input_files(
        "#file", files=[{"name": "bad.pgn", "mimeType": "", "buffer": b"\xEF\xBB\xBF1. \xC0"}]
    )
    expect(page.locator("#problem")).to_contain_text("are not utf-8 text")
    expect(page.locator("#verdict")).to_be_hidden()
    # The next game read takes the problem away.
    desk.review("h2e2")
    expect(page.locator("#problem")).to_be_hidden()
    desk.settled()


def check_failed_paste(desk, shots):
    """Issue 33, item 2: a paste the service cannot read takes the previous ruling, banner,
    board and moves away at once, and says above the board what went wrong and what to do."""
    page = desk.page
    case = public_case(CASE_ID)
    desk.review(" ".join(case["moves"]), case["fen"], case["ruleset"])
    expect(page.locator("#verdict")).to_have_text("Must change")
    expect(page.locator("#banner")).to_be_visible()
    desk.settled()
    # The ruling goes the moment its input changes, before anything is sent.
    page.fill("#game", "1. this is no game")
    expect(page.locator("#ruling")).to_be_hidden()
    expect(page.locator("#banner")).to_be_hidden()
    page.click("#review-form button[type=submit]")
    problem = page.locator("#problem")
    expect(problem).to_be_visible()
    expect(problem).to_contain_text("could not be ruled on")
    expect(problem).to_contain_text("Correct the game")
    expect(page.locator("#ruling")).to_be_hidden()
    expect(page.locator("#banner")).to_be_hidden()
    expect(page.locator("#board")).to_be_hidden()
    expect(page.locator("#moves button[data-ply]")).to_have_count(0)
    # The problem sits above the board's place, in view without scrolling.
    box = problem.bounding_box()
    assert box["y"] < page.viewport_size["height"], box
    page.screenshot(path=str(shots / "10-failed-paste.png"), full_page=True)
    # A game that reads takes the problem away.
    desk.review("h2e2")
    expect(problem).to_be_hidden()
    expect(page.locator("#verdict")).to_have_text("No violation")
    expect(page.locator("#board")).to_be_visible()
    desk.settled()


# Issue 33, item 4: a Vietnamese score sheet as typed at a table, a header line above its moves
# and an illegal fourth ply (the horse's leg is blocked).
VN_SHEET = (
    "Giải vô địch Hà Nội 2026, ván 3\n"
    "Nguyễn Văn A - Trần Văn B\n"
    "1. P2-5 M8.7\n"
    "2. M2.3 M7.6\n"
)


def check_vn_sheet(desk, shots):
    """Issue 33, item 4: the sheet reads with its header line; the illegal move's own reason
    is said (the service's message, in the desk's language), on the position before it; a
    sheet that no notation reads from its first move, without a FEN, is told to give one."""
    page = desk.page
    page.click('[data-lang="vi"]')
    desk.review(VN_SHEET)
    problem = page.locator("#problem")
    expect(problem).to_contain_text("M7.6")
    expect(problem).to_contain_text("Mã bị cản chân")
    desk.expect_ply(4, 4)
    expect(page.locator('.arrow.illegal[data-from="g7"][data-to="f5"]')).to_have_count(1)
    page.locator("h1").click()
    page.keyboard.press("ArrowLeft")
    desk.expect_ply(3, 4)
    page.screenshot(path=str(shots / "11-vn-sheet.png"), full_page=True)
    # No notation reads the first move from the standard start: the start may be missing.
    desk.review("1. X9.9 X1.1\n")
    expect(problem).to_contain_text("FEN khởi đầu")
    expect(page.locator("#verdict")).to_be_hidden()
    page.click('[data-lang="en"]')
    expect(problem).to_contain_text("Start FEN")


# A rook mates along the top rank; the kings face on the e-file.
MATE_FEN = "3k5/8R/9/9/9/9/9/9/9/R3K4 w - - 0 1"


def check_mate(desk, shots):
    """Issue 33, item 7: a mate is its result, never "No violation" beside it; the mated king
    is marked; in play, the notice names the winner."""
    page = desk.page
    desk.review("a0a9", MATE_FEN)
    expect(page.locator("#verdict")).to_have_text("Red wins (checkmate)")
    expect(page.locator("#verdict-term")).to_have_text("Result")
    expect(page.locator("#violator")).to_be_hidden()
    expect(page.locator("#banner")).to_contain_text("Red wins (checkmate)")
    desk.settled()
    expect(page.locator('.mark.check[data-square="d9"]')).to_have_count(1)
    # The same mate played on the desk.
    desk.review("", MATE_FEN)
    desk.settled()
    page.click('[data-mode="play"]')
    desk.expect_ply(0, 0)
    desk.play("a0a9")
    expect(page.locator("#notice")).to_have_text("The game is over: Red wins (checkmate).")
    expect(page.locator("#banner")).to_contain_text("Red wins")
    expect(page.locator('.mark.check[data-square="d9"]')).to_have_count(1)
    page.screenshot(path=str(shots / "12-mate.png"), full_page=True)
    page.click('[data-mode="review"]')


NINE_ROUNDS_FEN = "3k5/4a4/9/9/9/9/9/9/9/R4K3 w - - 0 1"
NINE_ROUNDS = (
    "a0a9 d9d8 a9a8 d8d9 a8d8 d9e9 d8e8 e9d9 e8d8 d9e9 d8d9 e9e8 d9e9 e8d8 e9e8 d8d7 e8e7 d7d8 e7d7"
)


def check_nine_rounds(desk, shots):
    """Issue 35: nine rounds of forbidden moves under cxa2020, no position three times: the
    banner says the loss, the rounds are marked in the move list as a cycle is, and the
    refusing move carries the loss mark."""
    page = desk.page
    desk.review(NINE_ROUNDS, NINE_ROUNDS_FEN, ruleset="cxa2020")
    expect(page.locator("#verdict")).to_have_text("Loss")
    expect(page.locator("#banner")).to_be_visible()
    expect(page.locator("#explanation")).to_contain_text("nine rounds in a row of forbidden moves")
    desk.settled()
    expect(page.locator("#moves td.cycle")).to_have_count(17)
    expect(page.locator('#moves button[data-ply="19"]')).to_contain_text("✗")
    # A move of the rounds says what it was judged: the rook's first move checks.
    expect(desk.judged(1, 19)).to_have_text("This move: check.")
    # So does the losing move, the refusal to change: it checks again.
    expect(desk.judged(19, 19)).to_have_text("This move: check.")
    expect(page.locator("#moves-legend")).to_have_text(
        "↻ the nine rounds of forbidden moves · ✗ losing move")
    page.screenshot(path=str(shots / "35-nine-rounds.png"), full_page=True)
    page.click('[data-lang="zh"]')
    expect(page.locator("#moves-legend")).to_contain_text("连续九回合禁止着法")
    # The printed ruling: the rounds and the losing move drawn, on one page.
    pdf = print_report(page, shots / "report-nine-rounds.pdf")
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True,
                          check=True).stdout
    assert "最后几个回合禁止着法的局面" in text, text
    subprocess.run(["pdftoppm", "-png", "-r", "70", "-singlefile", str(pdf),
                    str(shots / "35-nine-rounds-report")], check=True)
    page.click('[data-lang="en"]')


# 参考图13 of the CXA 2020 book (tests/data/cxa2020_figures.tsv), its cycle played twice.
R13_FEN = "3ak1b2/2P1a4/4b4/p7p/9/P1P2R2P/1r6p/1C2B4/4A4/2BA1K2c w - - 0 1"
R13_MOVES = "b2d2 b3d3 d2b2 d3b3 " * 2
# 图16: Red's rook back threatens to win the rook by check (一将一抽车).
F16_FEN = "3a1k3/4a4/3cb4/P2rp2R1/6b2/9/9/5C3/4A4/4KA3 w - - 0 1"
F16_MOVES = "h6h9 f9f8 h9h6 f8f9 " * 2
# CXA 26.8: the pawn takes the horse d5 and uncovers the rook's check, then the rook checks
# from ever new squares: nine rounds of forbidden moves.
PAWN_CHECK_FEN = "4k4/9/9/9/3nP4/9/9/4R4/9/3K5 w - - 0 1"
PAWN_CHECK_MOVES = ("e5d5 e9f9 e2e9 f9f8 e9f9 f8e8 f9f8 e8e7 f8f7 e7e8 f7e7 e8d8 e7d7 d8e8 "
                    "d7d8 e8e9 d8e8")


def check_judged_moves(desk, shots):
    """Issue 35: stepping onto a move of the judged cycle says, in words, what the ruling
    found it does, each chase with the CXA reading that made it one (the answer's `reasons`):
    in 参考图13 Black's rook on d3 chases the advisor d0 because its root's recapture loses."""
    page = desk.page
    desk.review(R13_MOVES.strip(), R13_FEN, ruleset="cxa2020")
    expect(page.locator("#verdict")).to_have_text("Must change")
    desk.settled()
    expect(desk.judged(6, 8)).to_have_text(
        "This move: chases the advisor d0 (every recapture loses).")
    expect(desk.judged(7, 8)).to_have_text("This move: idle.")
    # Red's first cannon step was not searched: its other one is idle already.
    expect(desk.judged(5, 8)).to_have_text(
        "This move: not searched further (the verdict does not turn on it).")
    expect(desk.judged(8, 8)).to_have_text("This move: chases the cannon b2.")
    # Outside the cycle, nothing is said.
    expect(desk.judged(2, 8)).to_be_hidden()
    desk.judged(6, 8)
    page.click('[data-lang="zh"]')
    expect(page.locator("#ply-judged")).to_have_text("本着：捉仕d0（假根：反吃得不偿失）。")
    page.screenshot(path=str(shots / "35-judged-move.png"), full_page=True)
    page.click('[data-lang="vi"]')
    expect(page.locator("#ply-judged")).to_have_text(
        "Nước này: bắt Sĩ d0 (căn giả: ăn lại thì thiệt).")
    # Seven articles: the printed ruling is scaled to keep the signatures on its one sheet.
    pdf = print_report(page, shots / "report-r13-vi.pdf")
    subprocess.run(["pdftoppm", "-png", "-r", "70", "-singlefile", str(pdf),
                    str(shots / "35-r13-report-vi")], check=True)
    page.click('[data-lang="en"]')
    # A threat to win material by check chases though it names no piece (图16).
    desk.review(F16_MOVES.strip(), F16_FEN, ruleset="cxa2020")
    desk.settled()
    expect(desk.judged(7, 8)).to_have_text("This move: threatens to win material by check.")
    # A pawn's capture that uncovers check is said as the chase it is judged.
    desk.review(PAWN_CHECK_MOVES, PAWN_CHECK_FEN, ruleset="cxa2020")
    desk.settled()
    expect(desk.judged(1, 17)).to_have_text(
        "This move: a pawn's capture that uncovers check (a chase).")


def vn_sheet_of(desk, case):
    """The public case written as a Vietnamese score sheet, as typed at a table: a title line,
    the players, its start position as a header line, then numbered moves in VN notation (each
    move's VN text as the service names it, GET /v1/legal-moves)."""
    moves, played = [], []
    for move in case["moves"]:
        legal = desk.page.request.post(
            f"{desk.base}/v1/legal-moves", data={"fen": case["fen"], "moves": played}
        ).json()
        moves.append(next(m["vn"] for m in legal["legal_moves"] if m["iccs"] == move))
        played.append(move)
    lines = ["Giải vô địch Hà Nội 2026", "Nguyễn Văn An - Trần Văn Bình", f"FEN: {case['fen']}"]
    for i in range(0, len(moves), 2):
        lines.append(f"{i // 2 + 1}. " + " ".join(moves[i:i + 2]))
    return "\n".join(lines) + "\n"


def print_report(page, pdf):
    """The desk's printable ruling opened and printed by Chromium to `pdf`, checked to fit one
    A4 page."""
    with page.expect_popup() as popup:
        page.click("#report")
    report = popup.value
    report.wait_for_load_state()
    report.pdf(path=str(pdf), format="A4", print_background=True, prefer_css_page_size=True)
    report.close()
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    pages = int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))
    assert pages == 1, f"the report prints on {pages} pages"
    return pdf


def check_report_pdf(desk, shots, docs):
    """Issue 33, item 6: the report printed (Chromium's PDF) is one A4 page that heads with
    the event (the sheet's title), round, board, players and arbiter typed on the desk, and
    has the arbiter's and both players' signature lines. Its first page, as PNG, and the desk's
    ruling of the sheet go to docs/ when DOCS is given."""
    page = desk.page
    page.click('[data-lang="vi"]')
    case = public_case(CASE_ID)
    desk.review(vn_sheet_of(desk, case))
    expect(page.locator("#verdict")).to_have_text("Phải đổi nước")
    page.click("#sheet summary")
    for key, value in (("round", "3"), ("board", "12"), ("red", "Nguyễn Văn An"),
                       ("black", "Trần Văn Bình"), ("arbiter", "Lê Văn Cường")):
        page.fill(f"#sheet-{key}", value)
    desk.settled()
    page.screenshot(path=str(shots / "13-vn-sheet-ruling.png"), full_page=True)
    if docs:
        page.screenshot(path=str(docs / "desk-vn-sheet.png"), full_page=True)
    pdf = print_report(page, shots / "report.pdf")
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True,
                          check=True).stdout
    for expected in ("Giải vô địch Hà Nội 2026", "Vòng", "12", "Nguyễn Văn An", "Trần Văn Bình",
                     "Lê Văn Cường", "Chữ ký", "Trọng tài", "Phải đổi nước", "UTC"):
        assert expected in text, f"{expected!r} not in the printed report:\n{text}"
    subprocess.run(["pdftoppm", "-png", "-r", "70", "-singlefile", str(pdf), str(shots / "14-report")],
                   check=True)
    if docs:
        shutil.copy(shots / "14-report.png", docs / "report-vn-sheet.png")
    page.click('[data-lang="en"]')


def check_board_marks(desk, shots):
    """Issue 33, items 5, 9 and 10: the last move's squares tinted; the occurrence of the
    repeated position said on the ply label when stepped onto; a legend of the arrows; ICCS
    coordinates on request, both ways up."""
    page = desk.page
    case = public_case(CASE_ID)
    moves = case["moves"]
    ruling = page.request.post(
        f"{desk.base}/v1/adjudicate",
        data={"fen": case["fen"], "moves": moves, "ruleset": case["ruleset"]},
    ).json()
    rep = ruling["repetition"]
    desk.review(" ".join(moves), case["fen"], case["ruleset"])
    n = len(moves)
    desk.expect_ply(n, n)
    last = moves[-1]
    expect(page.locator(f"#sq-{last[:2]}.last")).to_have_count(1)
    expect(page.locator(f"#sq-{last[2:]}.last")).to_have_count(1)
    expect(page.locator(".sq.last")).to_have_count(2)
    expect(page.locator("#ply-label")).to_contain_text("occurrence 3 of 3")
    page.click(f'#moves button[data-ply="{rep["previous_ply"]}"]')
    desk.expect_ply(rep["previous_ply"], n)
    expect(page.locator("#ply-label")).to_contain_text("occurrence 2 of 3")
    page.click('#moves button[data-ply="1"]')
    desk.expect_ply(1, n)
    expect(page.locator("#ply-label")).not_to_contain_text("occurrence")
    # The legend names every kind of arrow the board draws.
    legend = page.locator("#board-legend")
    expect(legend).to_be_visible()
    for words in ("last move", "check", "unprotected", "falsely protected", "no chase", "illegal"):
        expect(legend).to_contain_text(words)
    # Coordinates: off by default, then files a-i along the bottom and ranks 0-9 down the side.
    expect(page.locator("text.coord")).to_have_count(0)
    page.click("#coords")
    expect(page.locator("#coords")).to_have_attribute("aria-pressed", "true")
    desk.settled()
    expect(page.locator("text.coord")).to_have_count(19)
    coords = page.locator("text.coord").evaluate_all(
        "ts => ts.map(t => [t.textContent, +t.getAttribute('x'), +t.getAttribute('y')])")
    files = [c for c in coords if c[0].isalpha()]
    assert [c[0] for c in sorted(files, key=lambda c: c[1])] == list("abcdefghi"), files
    ranks = sorted((c for c in coords if c[0].isdigit()), key=lambda c: c[2])
    assert [c[0] for c in ranks] == list("9876543210"), ranks
    page.screenshot(path=str(shots / "15-coordinates.png"), full_page=True)
    page.click("#flip")
    desk.settled()
    coords = page.locator("text.coord").evaluate_all(
        "ts => ts.map(t => [t.textContent, +t.getAttribute('x'), +t.getAttribute('y')])")
    files = [c for c in coords if c[0].isalpha()]
    assert [c[0] for c in sorted(files, key=lambda c: c[1])] == list("ihgfedcba"), files
    page.click("#flip")
    page.click("#coords")
    desk.settled()
    expect(page.locator("text.coord")).to_have_count(0)


def check_keyboard_play(desk, shots):
    """Issue 33, item 11: a short game played with the keyboard alone: the points are named by
    their piece, side and file, the arrow keys move between them, Enter picks and plays; each
    ply is announced in words."""
    page = desk.page
    page.click('[data-mode="play"]')
    page.click("#new-game")
    desk.expect_ply(0, 0)
    expect(desk.board()).to_have_attribute("data-fen", START_FEN)
    expect(page.locator('#board rect.sq[tabindex="0"]')).to_have_count(1)
    page.focus('#board rect.sq[tabindex="0"]')
    keys = page.keyboard

    def go(path):
        for key in path:
            keys.press(key)

    # e0 to h2, pick the cannon; to e2, play it.
    go(["ArrowRight"] * 3 + ["ArrowUp"] * 2)
    focused = page.locator("#board rect.sq:focus")
    expect(focused).to_have_attribute("aria-label", "Red cannon, file 2 (h2)")
    keys.press("Enter")
    expect(page.locator('.mark.selected[data-square="h2"]')).to_have_count(1)
    go(["ArrowLeft"] * 3)
    expect(page.locator("#board rect.sq:focus")).to_have_attribute("aria-label", "Empty point e2")
    keys.press("Enter")
    expect(page.locator("#moves button[data-ply]")).to_have_count(2)
    expect(page.locator('.arrow.move[data-from="h2"][data-to="e2"]')).to_have_count(1)
    expect(page.locator("#announce")).to_have_text("Move 1 (Red: C2=5)")
    # The focus stays on the board, where it was: e2 to h9, Black's horse; then g7.
    expect(page.locator("#board rect.sq:focus")).to_have_attribute("data-square", "e2")
    go(["ArrowRight"] * 3 + ["ArrowUp"] * 7)
    expect(page.locator("#board rect.sq:focus")).to_have_attribute("aria-label", "Black horse, file 8 (h9)")
    keys.press(" ")
    go(["ArrowLeft"] + ["ArrowDown"] * 2)
    keys.press("Enter")
    expect(page.locator("#moves button[data-ply]")).to_have_count(3)
    expect(page.locator('.arrow.move[data-from="h9"][data-to="g7"]')).to_have_count(1)
    expect(page.locator("#announce")).to_have_text("Move 1 (Black: H8+7)")
    desk.settled()
    page.screenshot(path=str(shots / "16-keyboard-play.png"), full_page=True)


def check_move_box(desk, shots):
    """Issue 33, item 8: the move box reads any notation through the service."""
    page = desk.page
    page.click('[data-mode="play"]')
    page.click("#new-game")
    desk.expect_ply(0, 0)
    expect(desk.board()).to_have_attribute("data-fen", START_FEN)
    for typed, move in (("P2-5", "h2e2"), ("H8+7", "h9g7"), ("马二进三", "h0g2")):
        before = page.locator("#moves button[data-ply]").count()
        page.fill("#move-input", typed)
        page.press("#move-input", "Enter")
        expect(page.locator("#moves button[data-ply]")).to_have_count(before + 1)
        expect(page.locator(f'.arrow.move[data-from="{move[:2]}"][data-to="{move[2:]}"]')).to_have_count(1)
        desk.settled()
    # A move that reads but is illegal: the service's reason.
    page.fill("#move-input", "C5+7")
    page.press("#move-input", "Enter")
    expect(page.locator("#notice")).to_have_class("refused")
    expect(page.locator("#notice")).to_contain_text("C5+7")
    expect(page.locator("#moves button[data-ply]")).to_have_count(4)


def check_record_moves(desk, shots):
    """Issue 33, items 1 and 13: a Chinese PGN's move list shows every move (game200: 200
    plies), numbered as on the score sheet in a table (number, Red, Black), in the desk's
    language's notation or the one chosen; the ①②③ marks on real moves."""
    page = desk.page
    page.click('[data-mode="review"]')
    pgn = (ROOT / "tests/data/records/game200_chinese.pgn").read_text(encoding="utf-8")
    read = page.request.post(
        f"{desk.base}/v1/adjudicate", data={"game": pgn, "moves_read": True}
    ).json()["moves_read"]
    assert len(read) == 200
    desk.review(pgn)
    desk.expect_ply(200, 200)
    buttons = page.locator("#moves .sheet button[data-ply]")
    expect(buttons).to_have_count(200)
    shown = buttons.evaluate_all("bs => bs.map(b => b.firstChild.textContent)")
    assert shown == [m["wxf"] for m in read], [x for x in zip(shown, read) if x[0] != x[1]["wxf"]][:3]
    # Numbered rows: move n has Red's move then Black's.
    rows = page.locator("#moves .sheet tbody tr")
    expect(rows).to_have_count(100)
    expect(rows.nth(0).locator("th")).to_have_text(str(read[0]["number"]))
    expect(rows.nth(0).locator("td").nth(0)).to_contain_text(read[0]["wxf"])
    expect(rows.nth(0).locator("td").nth(1)).to_contain_text(read[1]["wxf"])
    # The marks stand on named moves, never on "…".
    for sign in "①②③":
        marked = page.locator(f'#moves button:has(.occ:text("{sign}"))')
        if marked.count():
            assert "…" not in marked.first.inner_text(), marked.first.inner_text()
    # The notation chosen for display: as written (the record's Chinese), ICCS.
    page.select_option("#display", "text")
    expect(buttons.nth(0)).to_have_text(read[0]["text"])
    page.select_option("#display", "iccs")
    expect(buttons.nth(1)).to_have_text(read[1]["iccs"])
    expect(page.locator("#ply-label")).to_contain_text(read[199]["iccs"])
    page.select_option("#display", "")
    page.click('[data-lang="vi"]')
    expect(buttons.nth(0)).to_have_text(read[0]["vn"])
    page.click('[data-lang="zh"]')
    expect(buttons.nth(0)).to_have_text(read[0]["chinese"])
    page.click('[data-lang="en"]')
    desk.settled()


def check_record_continued(desk, shots):
    """Issue 33, item 3: a record continued in two-player mode keeps its history: the
    repeating move played on the desk is ruled as the same game pasted in ICCS is."""
    page = desk.page
    pgn = (ROOT / "tests/data/records/encodings/E3_plus_utf8.pgn").read_text(encoding="utf-8")
    cut = pgn.split("5. 車八平九")[0]  # the chase, without Red's last move
    desk.review(cut)
    expect(page.locator("#verdict")).to_have_text("Must change")
    desk.expect_ply(8, 8)
    page.click('[data-mode="play"]')
    desk.expect_ply(8, 8)
    twin = page.request.post(
        f"{desk.base}/v1/adjudicate",
        data={"fen": "4k4/9/c8/9/9/9/9/9/9/1R1K5 w - - 0 1",
              "moves": ["b0a0", "a7b7", "a0b0", "b7a7"] * 2 + ["b0a0"]},
    ).json()
    assert twin["verdict"] == "loss", twin
    desk.play("b0a0")
    expect(page.locator("#verdict")).to_have_text("Loss")
    expect(page.locator("#banner")).to_contain_text("Red did not change and loses")
    desk.expect_ply(9, 9)
    page.click('[data-mode="review"]')


def check_play(desk, shots):
    page = desk.page
    page.click('[data-mode="play"]')
    page.click("#new-game")
    desk.expect_ply(0, 0)
    # The new game's board, not the reviewed game's still being replaced: wait for it.
    expect(desk.board()).to_have_attribute("data-fen", START_FEN)
    start = desk.fen()

    # Legal destinations light up; a square the cannon cannot reach is refused with a reason.
    desk.click_square("h2")
    expect(page.locator('.mark.selected[data-square="h2"]')).to_have_count(1)
    expect(page.locator('.mark.dest[data-square="e2"]')).to_have_count(1)
    expect(page.locator('.mark.dest[data-square="h9"]')).to_have_count(1)  # takes the horse
    expect(page.locator('.mark.dest[data-square="h8"]')).to_have_count(0)  # behind a cannon
    desk.click_square("h8")
    expect(page.locator("#notice")).to_have_class("refused")
    expect(page.locator("#notice")).to_contain_text("h2h8")
    # The reason is the server's own message, in the desk's language.
    expect(page.locator("#notice")).to_contain_text("the path is blocked")
    expect(page.locator('.arrow.illegal[data-from="h2"][data-to="h8"]')).to_have_count(1)
    assert desk.fen() == start, "a refused move changes nothing"
    expect(page.locator("#moves button[data-ply]")).to_have_count(1)
    # A piece of the side not to move cannot be picked.
    desk.click_square("b9")
    expect(page.locator("#notice")).to_contain_text("side to move")
    expect(page.locator(".mark.selected")).to_have_count(0)
    page.screenshot(path=str(shots / "03-play-refused.png"), full_page=True)

    # Two horses dancing: the start position occurs a third time, nobody violates: a draw.
    for move in HORSE_DANCE:
        desk.play(move)
    expect(page.locator("#banner")).to_be_visible()
    expect(page.locator("#banner")).to_contain_text("drawn")

    # Undo goes back one ply, and the banner goes with the repetition.
    page.click("#undo")
    desk.expect_ply(len(HORSE_DANCE) - 1, len(HORSE_DANCE) - 1)
    expect(page.locator("#banner")).to_be_hidden()

    # A rook checking back and forth: must change at the third occurrence, then loss.
    page.click('[data-mode="review"]')
    desk.review("", CHECK_FEN)
    desk.settled()
    page.click('[data-mode="play"]')
    desk.expect_ply(0, 0)
    for move in CHECK_MOVES:
        desk.play(move)
    expect(page.locator("#banner")).to_contain_text("Red must change")
    page.screenshot(path=str(shots / "04-play-must-change.png"), full_page=True)
    for move in ["d9d8", "a9a8"]:
        desk.play(move)
    expect(page.locator("#banner")).to_contain_text("Red did not change and loses")
    # The game ended there: no more moves, and the notice says how it ended.
    desk.click_square("d8")
    expect(page.locator("#notice")).to_have_text("Red did not change and loses.")
    expect(page.locator(".mark.selected")).to_have_count(0)
    page.screenshot(path=str(shots / "05-play-loss.png"), full_page=True)


# The chase of E3 with two black rooks added: Red is lost, and Fairy-Stockfish alone would
# repeat the chase (b0a0), which the law makes a loss for Red.
CHASE_FEN = "4k4/7rr/c8/9/9/9/9/9/9/1R1K5 w - - 0 1"
CHASE_MOVES = ["b0a0", "a7b7", "a0b0", "b7a7", "b0a0", "a7b7", "a0b0", "b7a7"]


def engine_installed(base):
    import urllib.request

    with urllib.request.urlopen(f"{base}/readyz") as resp:
        return json.load(resp)["engine"]["status"] != "off"


def check_computer(desk, shots, engine_png):
    page = desk.page
    if not engine_installed(desk.base):
        assert os.environ.get("CI") != "true", "CI=true but the service has no engine"
        print("skipped: the computer's mode (the service has no engine)", file=sys.stderr)
        return
    # A new game against the computer at level 1: the player has Red and moves first.
    page.click('[data-lang="en"]')
    page.click('[data-mode="review"]')
    desk.review("", "")
    desk.settled()
    page.click('[data-mode="computer"]')
    expect(page.locator("#computer-controls")).to_be_visible()
    expect(page.locator("#computer-you")).to_have_value("red")
    page.select_option("#computer-level", "1")
    desk.expect_ply(0, 0)

    def move_and_reply(move):
        before = page.locator("#moves button[data-ply]").count()
        desk.click_square(move[:2])
        expect(page.locator(f'.mark.selected[data-square="{move[:2]}"]')).to_have_count(1)
        desk.click_square(move[2:])
        expect(page.locator("#moves button[data-ply]")).to_have_count(before + 2)
        expect(page.locator("#notice")).to_contain_text("The computer played")
        desk.settled()

    for move in ["h2e2", "h0g2", "i0h0"]:
        move_and_reply(move)
    if engine_png:
        page.screenshot(path=str(engine_png), full_page=True)
    page.screenshot(path=str(shots / "06-computer.png"), full_page=True)
    # The computer's pieces are not the player's to move.
    fen = desk.fen()
    black_piece = next(sq for sq in ["a9", "b9", "c9", "d9", "e9", "f9", "g9", "h9", "i9"]
                       if page.locator(f"#pc-{sq}").count())
    desk.click_square(black_piece)
    expect(page.locator("#notice")).to_have_class("refused")
    assert desk.fen() == fen
    # Undo takes back the computer's reply and the player's move.
    page.click("#undo")
    desk.expect_ply(4, 4)
    expect(page.locator(".arrow.move")).to_have_count(1)

    # A game handed over at its must-change ply: the banner, and the computer (Red) changes.
    page.click('[data-mode="review"]')
    desk.review(" ".join(CHASE_MOVES), CHASE_FEN)
    desk.expect_ply(8, 8)
    page.click('[data-mode="computer"]')
    expect(page.locator("#computer-you")).to_have_value("black")
    expect(page.locator("#moves button[data-ply]")).to_have_count(10)
    expect(page.locator("#notice")).to_contain_text("may not play b0a0")
    desk.settled()
    last = page.locator('#moves button[data-ply="9"]').text_content()
    assert "b0a0" not in last, last
    expect(page.locator("#banner")).to_be_hidden()
    page.screenshot(path=str(shots / "07-computer-changes.png"), full_page=True)


def check_languages(desk, shots):
    page = desk.page
    page.click('[data-lang="zh"]')
    expect(page.locator("h1")).to_have_text("裁判台")
    expect(page.locator("html")).to_have_attribute("lang", "zh")
    expect(page.locator("#verdict")).to_have_text("判负")
    expect(page.locator("#banner")).to_contain_text("判负")
    desk.settled()
    page.screenshot(path=str(shots / "06-chinese.png"), full_page=True)
    check_rule_books(desk, "zh")
    page.click('[data-lang="vi"]')
    expect(page.locator("h1")).to_have_text("Bàn trọng tài")
    expect(page.locator("#verdict")).to_have_text("Xử thua")
    check_rule_books(desk, "vi")
    expect(page.locator("#undo")).to_have_text("Đi lại")
    page.click('[data-lang="en"]')
    expect(page.locator("h1")).to_have_text("The arbiter's desk")


def check_rule_books(desk, lang):
    """The rule-book choice lists the server's books (GET /v1/rulesets), named in `lang`."""
    books = desk.page.request.get(desk.base + "/v1/rulesets").json()["rulesets"]
    options = desk.page.locator("#ruleset option")
    expect(options).to_have_count(len(books))
    for i, book in enumerate(books):
        expect(options.nth(i)).to_have_attribute("value", book["id"])
        # The title without its parenthesis; the whole title in the tooltip, and for a
        # provisional book (cxa2020) why it is provisional.
        title = book["name"][lang]
        expect(options.nth(i)).to_have_text(re.split(r" \(|（", title)[0])
        tooltip = title + ("\n" + book["provisional"][lang] if book.get("provisional") else "")
        expect(options.nth(i)).to_have_attribute("title", tooltip)


def check_prototype_languages(desk):
    # Issue 28: a link whose lang is a key of Object.prototype blanked every text.
    page = desk.page
    for lang in ("__proto__", "constructor", "toString"):
        page.goto(desk.base + f"/#moves=h2e2&lang={lang}")
        desk.settled()
        expect(page.locator("h1")).to_have_text("The arbiter's desk")
    page.goto(desk.base + "/#moves=h2e2&lang=VI")
    desk.settled()
    expect(page.locator("h1")).to_have_text("Bàn trọng tài")
    page.click('[data-lang="en"]')


def check_phone_width(browser, base, shots):
    page = browser.new_page(viewport={"width": 390, "height": 844}, locale="en-US")
    page.goto(base + "/")
    expect(page.locator("#board svg.xq-board")).to_have_count(1)
    width = page.evaluate("document.documentElement.scrollWidth")
    board = page.locator("#board svg").bounding_box()
    assert width <= 390 and board["width"] <= 390, (width, board)
    page.screenshot(path=str(shots / "07-phone.png"), full_page=True)
    # Issue 33, item 12: a move tapped in the list, far down the page, shows on a board in view.
    case = public_case(CASE_ID)
    page.fill("#game", " ".join(case["moves"]))
    page.fill("#fen", case["fen"])
    page.click("#review-form button[type=submit]")
    expect(page.locator("#verdict")).to_have_text("Must change")
    button = page.locator('#moves button[data-ply="3"]')
    button.scroll_into_view_if_needed()
    button.click()
    expect(page.locator("#ply-label")).to_contain_text(" 3/")
    expect(page.locator("#board")).not_to_have_class("busy")
    view = page.viewport_size
    board = page.locator("#board svg").bounding_box()
    assert board["y"] >= 0 and board["y"] + board["height"] <= view["height"], board
    tapped = button.bounding_box()
    assert 0 <= tapped["y"] <= view["height"], tapped
    page.screenshot(path=str(shots / "07-phone-move-tapped.png"))
    page.close()


def check_docs(desk, shots):
    page = desk.page
    # Issue 33, item 14: the API reference loads without a console error (Redoc's logo on its
    # CDN is not even asked for).
    console_errors = []
    page.on("console", lambda m: console_errors.append(m.text) if m.type == "error" else None)
    asked = []
    page.on("request", lambda r: asked.append(r.url))
    page.goto(desk.base + "/docs")
    expect(page.locator("h1").first).to_contain_text("xiangqi-arbiter")
    expect(page.get_by_text("The arbiter's desk.").first).to_be_attached()
    page.screenshot(path=str(shots / "08-api-reference.png"))
    page.wait_for_timeout(500)
    assert not console_errors, console_errors
    assert not [u for u in asked if "redoc.ly" in u], asked


def check_copy_and_drop(desk, shots):
    """Issue 33, item 13: copy the FEN; copy and download the game as PGN (read back, the same
    ruling); a GBK record file dropped on the page; the share link keeps the flip."""
    page = desk.page
    page.click('[data-mode="review"]')
    case = public_case(CASE_ID)
    desk.review(" ".join(case["moves"]), case["fen"], case["ruleset"])
    expect(page.locator("#verdict")).to_have_text("Must change")
    page.locator("h1").click()
    page.keyboard.press("ArrowLeft")
    fen = desk.fen()
    page.click("#copy-fen")
    expect(page.locator("#copied")).to_have_value(fen)
    with page.expect_download() as download:
        page.click("#download-pgn")
    pgn = Path(download.value.path()).read_text(encoding="utf-8")
    assert f'[FEN "{case["fen"]}"]' in pgn and '[Format "ICCS"]' in pgn, pgn
    assert "1. b0a0 a7b7" in pgn, pgn
    page.click("#copy-pgn")
    expect(page.locator("#copied")).to_have_value(pgn)
    desk.review(pgn, ruleset=case["ruleset"])
    expect(page.locator("#verdict")).to_have_text("Must change")
    desk.expect_ply(len(case["moves"]), len(case["moves"]))
    # A record saved in GBK, dropped on the page.
    text = (ROOT / "tests/data/records/encodings/E3_plus_utf8.pgn").read_text(encoding="utf-8")
    data = base64.b64encode(text.encode("gbk")).decode()
    transfer = page.evaluate_handle(
        """(b64) => {
            const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
            const dt = new DataTransfer();
            dt.items.add(new File([bytes], 'E3_gbk.pgn'));
            return dt;
        }""",
        data,
    )
    page.dispatch_event("main", "drop", {"dataTransfer": transfer})
    expect(page.locator("#notice")).to_have_text("Read E3_gbk.pgn as gbk.")
    expect(page.locator("#verdict")).to_have_text("Loss")
    assert page.input_value("#game") == text.replace("\r\n", "\n")
    desk.expect_ply(9, 9)
    # The share link keeps the flip.
    page.click("#flip")
    desk.settled()
    page.click("#share")
    link = page.input_value("#share-url")
    assert "flip=1" in link, link
    page.goto(desk.base + "/")
    desk.settled()
    page.goto(link)
    expect(page.locator("#flip")).to_have_attribute("aria-pressed", "true")
    expect(desk.board()).to_have_attribute("data-flip", "true")
    page.click("#flip")
    desk.settled()


def check_empty_desk(desk, shots):
    """Issue 33, item 14: a desk with no game shows no verdict and offers no report."""
    page = desk.page
    page.goto(desk.base + "/")
    desk.settled()
    expect(page.locator("#ruling")).to_be_hidden()
    expect(page.locator("#report")).to_be_hidden()
    expect(page.locator("#banner")).to_be_hidden()
    expect(page.locator('#notation option[value=""]')).to_have_text("detect")
    page.click('[data-lang="vi"]')
    expect(page.locator('#notation option[value=""]')).to_have_text("tự động nhận biết")
    page.click('[data-lang="en"]')
    desk.review("h2e2")
    expect(page.locator("#verdict")).to_have_text("No violation")
    expect(page.locator("#report")).to_be_visible()


def first_render_ms(page, base):
    """Time from navigation to the desk's first board, read from the Performance API."""
    page.goto(base + "/")
    expect(page.locator("#board svg.xq-board")).to_have_count(1)
    page.wait_for_function("performance.getEntriesByName('desk-ready').length > 0")
    return page.evaluate(
        """() => ({
            first_contentful_paint_ms: Math.round(
                (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime || -1),
            board_ready_ms: Math.round(performance.getEntriesByName('desk-ready')[0].startTime),
        })"""
    )


def main():
    base, shots = sys.argv[1].rstrip("/"), Path(sys.argv[2])
    desk_png = Path(sys.argv[3]) if len(sys.argv) > 3 else None
    # Where the README's screenshots go (docs/), when the run is to refresh them.
    docs = Path(os.environ["DOCS"]) if os.environ.get("DOCS") else None
    shots.mkdir(parents=True, exist_ok=True)
    host = urlparse(base).netloc
    elsewhere = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM)
        page = browser.new_page(viewport={"width": 1200, "height": 860}, locale="en-US")
        page.set_default_timeout(10_000)
        expect.set_options(timeout=10_000)
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))

        def outside(request):
            if urlparse(request.url).netloc not in (host, ""):
                elsewhere.append(request)

        page.on("request", outside)

        timing = first_render_ms(page, base)
        desk = Desk(page, base)
        only = os.environ.get("DESK_ONLY")
        if only:
            # While working on the desk: only the checks named (comma-separated).
            for name in only.split(","):
                check = globals()[name]
                if name == "check_report_pdf":
                    check(desk, shots, docs)
                elif name == "check_phone_width":
                    check(browser, base, shots)
                else:
                    check(desk, shots)
            assert not errors, errors
            browser.close()
            return
        try:
            case = check_review(desk, shots, desk_png)
            check_share_link(desk, case)
            check_illegal_game(desk, shots)
            check_records(desk)
            check_file_open(desk, shots)
            check_failed_paste(desk, shots)
            check_vn_sheet(desk, shots)
            check_mate(desk, shots)
            check_nine_rounds(desk, shots)
            check_judged_moves(desk, shots)
            check_report_pdf(desk, shots, docs)
            check_board_marks(desk, shots)
            check_keyboard_play(desk, shots)
            check_move_box(desk, shots)
            check_record_moves(desk, shots)
            check_record_continued(desk, shots)
            check_copy_and_drop(desk, shots)
            check_empty_desk(desk, shots)
            check_play(desk, shots)
            check_languages(desk, shots)
            check_prototype_languages(desk)
            check_computer(desk, shots, desk_png and desk_png.with_name("desk-engine.png"))
            check_docs(desk, shots)
        except Exception:
            page.screenshot(path=str(shots / "failure.png"), full_page=True)
            print(f"failed: the page as it was is {shots / 'failure.png'}", file=sys.stderr)
            raise
        check_phone_width(browser, base, shots)
        # Not even Redoc's footer logo on its CDN is asked for (issue 33, item 14).
        reached = [r.url for r in elsewhere]
        assert not reached, f"requests outside the service: {reached}"
        assert not errors, errors
        browser.close()
    (shots / "timing.json").write_text(json.dumps(timing) + "\n")
    print(f"desk: first render {timing}; screenshots in {shots}")


if __name__ == "__main__":
    main()
