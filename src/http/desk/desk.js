// The arbiter's desk: review a game's ruling ply by ply, or play a game between two people
// (or against the computer, desk-computer.js) with the service as arbiter. The board is the
// service's SVG (POST /v1/diagram), inserted as it comes: this script never draws a board, it
// asks for one with marks and arrows.

import { computerMode } from '/desk-computer.js';

const TEXT = {
  vi: {
    title: 'Bàn trọng tài', apiDocs: 'Tài liệu API', board: 'Bàn cờ', first: 'Về đầu', prev: 'Lùi',
    next: 'Tiến', last: 'Về cuối', plySlider: 'Lượt đi', flip: 'Lật bàn', mode: 'Chế độ',
    review: 'Xem lại ván', play: 'Hai người chơi', gameLabel: 'Ván cờ (các nước đi, mảng JSON, PGN, biên bản có số nước, bản xuất văn bản của dpxq.com hoặc DhtmlXQ)',
    fenLabel: 'FEN khởi đầu (để trống: thế ban đầu)', notationLabel: 'Cách ghi', auto: 'tự nhận',
    rulesetLabel: 'Luật', adjudicate: 'Phân xử', share: 'Tạo liên kết', shareUrl: 'Liên kết chia sẻ',
    undo: 'Đi lại', newGame: 'Ván mới', report: 'Biên bản để in', ruling: 'Kết quả xử', verdict: 'Quyết định',
    violator: 'Bên vi phạm', moves: 'Các nước đi',
    legend: '↻ vòng lặp được xét · ①②③ lần xuất hiện của thế cờ · ✗ nước bị xử thua',
    start: 'Khởi đầu', ply: 'Lượt', red: 'Đỏ', black: 'Đen', nobody: 'không có',
    verdicts: { none: 'Không vi phạm', must_change: 'Phải đổi nước', loss: 'Xử thua', draw: 'Hòa' },
    banner: {
      must_change: (s) => `Thế cờ xuất hiện lần thứ ba: bên ${s} phải đổi nước, nếu không sẽ bị xử thua.`,
      loss: (s) => `Bên ${s} không đổi nước và bị xử thua.`,
      draw: () => 'Thế cờ xuất hiện lần thứ ba: hòa.',
    },
    occ: ['lần 1', 'lần 2', 'lần 3'], lossMark: 'nước bị xử thua', cycleMark: 'trong vòng lặp',
    illegalAt: (m) => `Nước ${m} không hợp lệ`, notYours: 'Hãy chọn một quân của bên đang đi.',
    goToEnd: 'Hãy về nước cuối để đi tiếp.', refused: 'Nước đi bị từ chối',
    linkReady: 'Liên kết đã được tạo (và chép nếu trình duyệt cho phép).', moveInput: 'Nhập nước đi (ICCS, ví dụ h2e2)',
    playMove: 'Đi', toMove: (s) => `Đến lượt ${s}.`, gameOver: 'Ván cờ đã kết thúc.',
    wonBy: (s, mate) => `Ván cờ đã kết thúc: ${s} thắng (${mate ? 'chiếu hết' : 'đối phương hết nước đi'}).`,
    openFile: 'Mở tệp ván cờ (PGN, biên bản, XQF…; UTF-8, GBK, Big5 hoặc UTF-16)',
    fileRead: (name, enc) => `Đã đọc tệp ${name} theo bảng mã ${enc}.`,
    binaryRead: (name) => `Đã đọc tệp nhị phân ${name}; ván cờ hiện ở dạng PGN.`,
  },
  en: {
    title: "The arbiter's desk", apiDocs: 'API reference', board: 'Board', first: 'First', prev: 'Back',
    next: 'Forward', last: 'Last', plySlider: 'Ply', flip: 'Flip board', mode: 'Mode',
    review: 'Review a game', play: 'Two players', gameLabel: 'Game (moves, a JSON array, PGN, a numbered score sheet, dpxq.com\'s text export or DhtmlXQ)',
    fenLabel: 'Start FEN (empty: the standard start)', notationLabel: 'Notation', auto: 'detect',
    rulesetLabel: 'Rules', adjudicate: 'Adjudicate', share: 'Share link', shareUrl: 'Link to share',
    undo: 'Undo', newGame: 'New game', report: 'Printable ruling', ruling: 'Ruling', verdict: 'Verdict',
    violator: 'Violator', moves: 'Moves',
    legend: '↻ judged cycle · ①②③ occurrences of the position · ✗ losing move',
    start: 'Start', ply: 'Ply', red: 'Red', black: 'Black', nobody: 'none',
    verdicts: { none: 'No violation', must_change: 'Must change', loss: 'Loss', draw: 'Draw' },
    banner: {
      must_change: (s) => `Third occurrence: ${s} must change its move, or it loses.`,
      loss: (s) => `${s} did not change and loses.`,
      draw: () => 'Third occurrence: the game is drawn.',
    },
    occ: ['1st occurrence', '2nd occurrence', '3rd occurrence'], lossMark: 'losing move', cycleMark: 'in the judged cycle',
    illegalAt: (m) => `Move ${m} is illegal`, notYours: 'Pick a piece of the side to move.',
    goToEnd: 'Go to the last move to play on.', refused: 'Move refused',
    linkReady: 'Link made (and copied, if the browser allows).', moveInput: 'Type a move (ICCS, e.g. h2e2)',
    playMove: 'Play', toMove: (s) => `${s} to move.`, gameOver: 'The game is over.',
    wonBy: (s, mate) => `The game is over: ${s} wins (${mate ? 'checkmate' : 'the opponent has no legal move'}).`,
    openFile: 'Open a game file (PGN, a score sheet, XQF…; UTF-8, GBK, Big5 or UTF-16)',
    fileRead: (name, enc) => `Read ${name} as ${enc}.`,
    binaryRead: (name) => `Read the binary file ${name}; the game is shown as PGN.`,
  },
  zh: {
    title: '裁判台', apiDocs: 'API 文档', board: '棋盘', first: '回到开头', prev: '后退', next: '前进',
    last: '跳到最后', plySlider: '步数', flip: '翻转棋盘', mode: '模式', review: '复盘裁决', play: '双人对弈',
    gameLabel: '棋局（着法、JSON 数组、PGN、带序号的棋谱、东萍文本棋谱或 DhtmlXQ）', fenLabel: '起始 FEN（留空：标准开局）',
    notationLabel: '记谱法', auto: '自动识别', rulesetLabel: '规则', adjudicate: '裁决', share: '分享链接',
    shareUrl: '分享链接', undo: '悔棋', newGame: '新局', report: '可打印的裁决书', ruling: '裁决', verdict: '裁决结果', violator: '违例方',
    moves: '着法', legend: '↻ 被裁决的循环 · ①②③ 局面出现次数 · ✗ 判负的一着',
    start: '起始局面', ply: '步', red: '红方', black: '黑方', nobody: '无',
    verdicts: { none: '无违例', must_change: '必须变着', loss: '判负', draw: '和棋' },
    banner: {
      must_change: (s) => `局面第三次出现：${s}必须变着，否则判负。`,
      loss: (s) => `${s}不变着，判负。`,
      draw: () => '局面第三次出现：和棋。',
    },
    occ: ['第一次出现', '第二次出现', '第三次出现'], lossMark: '判负的一着', cycleMark: '在循环中',
    illegalAt: (m) => `着法 ${m} 不合规则`, notYours: '请选择行棋方的棋子。', goToEnd: '请回到最后一着再继续走棋。',
    refused: '着法被拒绝', linkReady: '链接已生成（浏览器允许时已复制）。', moveInput: '输入着法（ICCS，例如 h2e2）',
    playMove: '走', toMove: (s) => `轮到${s}走棋。`, gameOver: '对局已结束。',
    wonBy: (s, mate) => `对局已结束：${s}胜（${mate ? '将死' : '困毙'}）。`,
    openFile: '打开棋谱文件（PGN、棋谱文本、XQF……；UTF-8、GBK、Big5 或 UTF-16）',
    fileRead: (name, enc) => `已按 ${enc} 编码读取 ${name}。`,
    binaryRead: (name) => `已读取二进制文件 ${name}，棋局以 PGN 显示。`,
  },
};

const ICCS = /^[a-i][0-9]-?[a-i][0-9]$/i;
// Both playing modes: two players, and against the computer.
const playing = () => state.mode === 'play' || state.mode === 'computer';
let computer = null; // the computer's mode (desk-computer.js), once wired
const $ = (id) => document.getElementById(id);

const state = {
  lang: 'vi',
  mode: 'review',
  flip: false,
  game: { moves: [] }, // the request fields of the game: fen, moves or game, notation, ruleset
  labels: [], // each ply's move as sent, when the game is a list of moves
  numbering: [], // each ply's "12." or "12…"
  plies: 0,
  ply: 0,
  ruling: null, // the adjudicate answer
  illegal: null, // the illegal-move problem of the game, if any
  legal: null, // the legal-moves answer for the last position (play mode)
  selected: null, // the square of the piece picked (play mode)
  refusal: null, // { from, to } of the last refused move, drawn until the next click
  rulesets: [], // the rule books the server knows (GET /v1/rulesets), the default marked
};

// A table's own entry, never one of Object.prototype's: a key from a link, the browser or an
// answer (`#lang=__proto__`, `constructor`, `toString`) is not an entry of ours.
const entry = (table, key) =>
  table && Object.prototype.hasOwnProperty.call(table, key) ? table[key] : undefined;
// The desk's language for a code in any case (`VI` is `vi`), or null if it speaks none such.
const deskLang = (code) => {
  const lang = String(code ?? '').toLowerCase();
  return entry(TEXT, lang) ? lang : null;
};

const t = () => entry(TEXT, state.lang);
const sideName = (side) => (side ? entry(t(), side) : t().nobody);

// The rule book a game names, else the server's default.
const defaultRuleset = () => (state.rulesets.find((r) => r.default) || state.rulesets[0] || {}).id;

// The rule-book choice, filled from the server's list and named in the desk's language.
async function loadRulesets() {
  const resp = await fetch('/v1/rulesets');
  if (resp.ok) state.rulesets = (await resp.json()).rulesets;
  const select = $('ruleset');
  const chosen = select.value;
  select.replaceChildren(...state.rulesets.map((r) => new Option(r.id, r.id)));
  if (chosen) select.value = chosen;
  nameRulesets();
}

// A book's title without its parenthesis (the decision, the federation), which the option's
// tooltip keeps: the whole title is too long for the form's row.
const shortTitle = (title) => title.split(/ \(|（/)[0];

function nameRulesets() {
  for (const option of $('ruleset').options) {
    const book = state.rulesets.find((r) => r.id === option.value);
    const title = book ? entry(book.name, state.lang) || book.id : option.value;
    option.textContent = shortTitle(title);
    // A provisional book says why in its tooltip (reconstructed, not the official text).
    const provisional = book && book.provisional ? entry(book.provisional, state.lang) : null;
    option.title = provisional ? `${title}\n${provisional}` : title;
  }
}

async function post(path, body) {
  const resp = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const type = resp.headers.get('content-type') || '';
  const data = type.includes('json') ? await resp.json() : await resp.text();
  return { ok: resp.ok, data };
}

const isIllegalMove = (p) => typeof p === 'object' && p && String(p.type).endsWith('/illegal-move');

// Why a move is illegal, as the server words it in the language the desk asked for.
function reasonText(problem) {
  return problem.message || problem.detail;
}

function say(text, refused = false) {
  const notice = $('notice');
  notice.textContent = text || '';
  notice.classList.toggle('refused', refused);
}

// ---------------------------------------------------------------- reading the form

// A pasted game: a JSON array or a plain list of moves is sent as `moves` when its notation
// is known (ICCS, or the one chosen); anything else, records included, as `game`, which the
// service reads with its record reader and whose notation it detects.
function readGame(text, fen, notation, ruleset) {
  const game = { ruleset };
  if (fen) game.fen = fen;
  if (notation) game.notation = notation;
  const trimmed = text.trim();
  const list = moveList(trimmed);
  if (list && (notation || list.every((m) => ICCS.test(m)))) game.moves = list;
  else if (trimmed) game.game = list ? list.join(' ') : trimmed;
  else game.moves = [];
  return game;
}

// The moves of a JSON array or of a plain list (no tags, no move numbers); null for a record.
function moveList(text) {
  if (text.startsWith('[')) {
    try {
      const parsed = JSON.parse(text);
      if (Array.isArray(parsed) && parsed.every((m) => typeof m === 'string')) return parsed;
    } catch { /* a PGN or DhtmlXQ record, not JSON */ }
  }
  const tokens = text.split(/[\s,]+/).filter(Boolean);
  const numbered = tokens.some((tok) => /^\d+\.+/.test(tok));
  return text.includes('[') || numbered ? null : tokens;
}

function fillForm(game) {
  $('game').value = game.game ?? (game.moves || []).join(' ');
  $('fen').value = game.fen || '';
  $('notation').value = game.notation || '';
  $('ruleset').value = game.ruleset || defaultRuleset();
}

// ---------------------------------------------------------------- the URL fragment

function toFragment() {
  const p = new URLSearchParams();
  const g = state.game;
  if (g.fen) p.set('fen', g.fen);
  if (g.game !== undefined) p.set('game', g.game);
  else p.set('moves', g.moves.join(','));
  if (g.notation) p.set('notation', g.notation);
  if (g.ruleset) p.set('ruleset', g.ruleset);
  p.set('ply', String(state.ply));
  p.set('lang', state.lang);
  if (playing()) p.set('mode', state.mode);
  return p.toString();
}

function fromFragment() {
  const p = new URLSearchParams(location.hash.slice(1));
  if (!p.has('moves') && !p.has('game')) return null;
  const game = { ruleset: p.get('ruleset') || defaultRuleset() };
  if (p.get('fen')) game.fen = p.get('fen');
  if (p.get('notation')) game.notation = p.get('notation');
  if (p.has('game')) game.game = p.get('game');
  else game.moves = (p.get('moves') || '').split(',').filter(Boolean);
  const ply = p.has('ply') ? Number(p.get('ply')) : null;
  return { game, ply, lang: p.get('lang'), mode: p.get('mode') };
}

// ---------------------------------------------------------------- rulings

// Move numbers from one known ply: `side` played ply `at` as its move `number`.
function numberPlies(count, at, side, number) {
  let s = side;
  let n = number;
  for (let k = at; k > 1; k--) {
    s = s === 'red' ? 'black' : 'red'; // who played ply k-1
    if (s === 'black') n -= 1;
  }
  const out = [];
  for (let k = 1; k <= count; k++) {
    out.push(s === 'red' ? `${n}.` : `${n}…`);
    if (s === 'black') n += 1;
    s = s === 'red' ? 'black' : 'red';
  }
  return out;
}

function fenSideAndNumber(fen) {
  const f = fen.split(/\s+/);
  return { side: f[1] === 'b' ? 'black' : 'red', number: Number(f[5]) || 1 };
}

// Rules on `state.game` (`answer`: the service's answer to it, when it came another way); false
// (and nothing changed but the notice) if the service cannot.
async function adjudicate(answer) {
  const res = answer || await post('/v1/adjudicate', { ...state.game, lang: state.lang });
  if (!res.ok && !isIllegalMove(res.data)) {
    say(res.data.detail || String(res.data), true);
    return false;
  }
  state.ruling = null;
  state.illegal = null;
  if (res.ok) {
    state.ruling = res.data;
    state.plies = res.data.position.plies;
    const next = fenSideAndNumber(res.data.position.fen);
    state.numbering = numberPlies(state.plies, state.plies + 1, next.side, next.number);
    say('');
  } else if (isIllegalMove(res.data)) {
    state.illegal = res.data;
    state.plies = res.data.ply;
    state.numbering = numberPlies(state.plies, res.data.ply, res.data.side, res.data.move_number);
    say(`${t().illegalAt(res.data.move)}: ${reasonText(res.data)}`, true);
  }
  const listed = state.game.moves || moveList(state.game.game.trim()) || [];
  state.labels = listed.slice(0, state.plies);
  showRuling();
  return true;
}

function showRuling() {
  const r = state.ruling;
  $('ruling').hidden = !r;
  const banner = $('banner');
  banner.hidden = true;
  if (!r) return;
  $('verdict').textContent = entry(t().verdicts, r.verdict) || r.verdict;
  $('violator').textContent = sideName(r.violator);
  const list = $('articles');
  list.replaceChildren(...r.articles.map((a) => {
    const li = document.createElement('li');
    const label = document.createElement('strong');
    label.textContent = a.label;
    li.append(label, ' ', a.summary[state.lang] || a.summary.en || '');
    return li;
  }));
  const explanation = r.explanation[state.lang] || r.explanation.en || '';
  $('explanation').textContent = explanation;
  // The banner says the ruling in one line; the explanation is in the ruling beside it.
  const headline = t().banner[r.verdict];
  if (headline && r.repetition) {
    banner.textContent = headline(sideName(r.violator));
    banner.hidden = false;
  }
}

// ---------------------------------------------------------------- the move list and stepper

function showMoves() {
  const rep = state.ruling && state.ruling.repetition;
  const cycle = new Set(rep ? rep.cycle.map((c) => c.ply) : []);
  const cycleText = new Map(rep ? rep.cycle.map((c) => [c.ply, c.move]) : []);
  const occurrences = rep ? [rep.first_ply, rep.previous_ply, rep.trigger_ply] : [];
  const items = [];
  for (let k = 0; k <= state.plies; k++) {
    const li = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.dataset.ply = String(k);
    const move = k === 0 ? t().start : state.labels[k - 1] ?? cycleText.get(k) ?? '…';
    button.textContent = k === 0 ? move : `${state.numbering[k - 1]} ${move}`;
    const notes = [];
    occurrences.forEach((p, i) => {
      if (p === k) {
        button.append(' ', badge('①②③'[i], t().occ[i]));
        notes.push(t().occ[i]);
      }
    });
    if (rep && rep.loss_ply === k) button.append(' ', badge('✗', t().lossMark));
    if (cycle.has(k)) {
      li.classList.add('cycle');
      notes.push(t().cycleMark);
    }
    if (state.illegal && k === state.plies) li.classList.add('illegal');
    if (notes.length) button.title = notes.join(', ');
    if (k === state.ply) button.setAttribute('aria-current', 'step');
    li.append(button);
    items.push(li);
  }
  $('moves').replaceChildren(...items);
}

function badge(sign, label) {
  const span = document.createElement('span');
  span.className = 'occ';
  span.textContent = sign;
  span.setAttribute('aria-label', label);
  return span;
}

function showStepper() {
  const slider = $('slider');
  slider.max = String(state.plies);
  slider.value = String(state.ply);
  $('first').disabled = $('prev').disabled = state.ply === 0;
  $('last').disabled = $('next').disabled = state.ply === state.plies;
  const move = state.ply ? ` · ${state.numbering[state.ply - 1]} ${state.labels[state.ply - 1] ?? ''}` : '';
  $('ply-label').textContent = `${t().ply} ${state.ply}/${state.plies}${move}`;
  for (const b of $('moves').querySelectorAll('button')) {
    if (Number(b.dataset.ply) === state.ply) b.setAttribute('aria-current', 'step');
    else b.removeAttribute('aria-current');
  }
}

// ---------------------------------------------------------------- the board

let boardRequests = 0;

// The board is busy from the first request a change makes until its new board is in.
const busy = (on) => $('board').classList.toggle('busy', on);

// The game as far as the board can show it: without the illegal move, if there is one. A
// record is cut where the problem says the move starts (line and column, in characters).
function legalPart() {
  const g = { ...state.game };
  const bad = state.illegal;
  if (bad && g.moves) g.moves = g.moves.slice(0, bad.ply - 1);
  else if (bad && bad.line && bad.column) {
    const lines = g.game.split('\n').slice(0, bad.line);
    lines[bad.line - 1] = Array.from(lines[bad.line - 1] || '').slice(0, bad.column - 1).join('');
    g.game = lines.join('\n');
  }
  return g;
}

function playMarks() {
  const marks = [];
  const arrows = [];
  if (state.selected) {
    marks.push(`${state.selected}:selected`);
    for (const m of state.legal ? state.legal.legal_moves : []) {
      if (m.iccs.startsWith(state.selected)) marks.push(`${m.iccs.slice(2)}:dest`);
    }
  }
  if (state.refusal) {
    marks.push(`${state.refusal.to}:illegal`);
    arrows.push(`${state.refusal.from}${state.refusal.to}:illegal`);
  }
  return { marks, arrows };
}

async function fetchBoard() {
  if (state.illegal && state.ply === state.plies) {
    // The position before the illegal move, with the move drawn as refused.
    const q = new URLSearchParams({ fen: state.illegal.fen, lang: state.lang, flip: String(state.flip) });
    // `iccs` names the move's squares whatever notation the game was written in.
    const mv = state.illegal.iccs || '';
    if (ICCS.test(mv)) {
      q.set('arrows', `${mv}:illegal`);
      q.set('marks', `${mv.slice(2)}:illegal`);
    }
    const resp = await fetch(`/v1/diagram.svg?${q}`);
    const type = resp.headers.get('content-type') || '';
    return { ok: resp.ok, data: type.includes('json') ? await resp.json() : await resp.text() };
  }
  const body = { ...legalPart(), lang: state.lang, ply: state.ply, flip: state.flip };
  if (playing()) {
    const { marks, arrows } = playMarks();
    if (marks.length) body.marks = marks.join(',');
    if (arrows.length) body.arrows = arrows.join(',');
  }
  return post('/v1/diagram', body);
}

async function render() {
  const request = ++boardRequests;
  showStepper();
  const board = $('board');
  busy(true);
  const res = await fetchBoard();
  if (request !== boardRequests) return; // a newer board is on its way
  busy(false);
  board.classList.toggle('playable', playing());
  if (res.ok) board.innerHTML = res.data;
  else say(res.data.detail || String(res.data), true);
}

function goTo(ply) {
  const p = Math.max(0, Math.min(state.plies, ply));
  if (p === state.ply) return;
  state.ply = p;
  state.selected = null;
  state.refusal = null;
  render();
}

// ---------------------------------------------------------------- playing

async function loadLegalMoves() {
  const res = await post('/v1/legal-moves', { fen: state.game.fen, moves: state.game.moves });
  state.legal = res.ok ? res.data : null;
  if (state.legal) say(gameEnded() ? gameOverText() : t().toMove(entry(t(), state.legal.position.side_to_move)));
}

async function afterMoves() {
  busy(true);
  await adjudicate();
  state.ply = state.plies;
  showMoves();
  await loadLegalMoves();
  await render();
  if (computer) await computer.maybeMove();
}

// A move the side to move tries: the service decides; a refusal keeps the position.
async function tryMove(from, to) {
  const move = `${from}${to}`;
  const known = state.legal && state.legal.legal_moves.some((m) => m.iccs === move);
  state.selected = null;
  busy(true);
  if (known) {
    state.refusal = null;
    state.game.moves.push(move);
    await afterMoves();
    return;
  }
  const res = await post('/v1/adjudicate', { ...state.game, moves: [...state.game.moves, move], lang: state.lang });
  if (isIllegalMove(res.data)) say(`${t().refused} (${move}): ${reasonText(res.data)}`, true);
  else say(`${t().refused} (${move}): ${res.data.detail || ''}`, true);
  state.refusal = ICCS.test(move) ? { from, to } : null;
  await render();
}

// What the desk says once the game is over: who won and how, when the board says so.
function gameOverText() {
  const over = state.legal && state.legal.game_over;
  if (over) return t().wonBy(sideName(over.winner), over.reason === 'checkmate');
  if (state.ruling && state.ruling.verdict === 'loss') return t().banner.loss(sideName(state.ruling.violator));
  return t().gameOver;
}

const gameEnded = () => (state.ruling && state.ruling.verdict === 'loss') || (state.legal && state.legal.game_over);

async function clickSquare(square) {
  if (!playing() || !state.legal) return;
  if (gameEnded()) {
    say(gameOverText(), true);
    return;
  }
  if (computer.refusal()) {
    say(computer.refusal(), true);
    return;
  }
  if (state.ply !== state.plies) {
    say(t().goToEnd, true);
    return;
  }
  const piece = document.getElementById(`pc-${square}`);
  const mine = piece && piece.classList.contains(state.legal.position.side_to_move);
  state.refusal = null;
  if (mine && state.selected !== square) {
    state.selected = square;
    say(t().toMove(entry(t(), state.legal.position.side_to_move)));
    await render();
  } else if (state.selected && state.selected !== square) {
    await tryMove(state.selected, square);
  } else {
    if (!mine) say(t().notYours, true);
    state.selected = null;
    await render();
  }
}

// Play starts from the game on the desk when it is a list of ICCS moves, else from the
// position its ruling ended in (a record's moves are the service's to read, not ours).
async function enterPlay() {
  const g = state.game;
  if (g.game !== undefined || (g.notation && g.notation !== 'iccs') || state.illegal) {
    const fen = state.illegal ? state.illegal.fen : state.ruling && state.ruling.position.fen;
    state.game = { ruleset: g.ruleset, moves: [] };
    if (fen || g.fen) state.game.fen = fen || g.fen;
    fillForm(state.game);
  }
  await afterMoves();
}

// ---------------------------------------------------------------- language and modes

function applyLanguage() {
  const tx = t();
  document.documentElement.lang = state.lang;
  document.title = `${tx.title} · xiangqi-arbiter`;
  for (const el of document.querySelectorAll('[data-t]')) el.textContent = tx[el.dataset.t];
  for (const el of document.querySelectorAll('[data-t-label]')) el.setAttribute('aria-label', tx[el.dataset.tLabel]);
  for (const b of document.querySelectorAll('[data-lang]')) b.setAttribute('aria-pressed', String(b.dataset.lang === state.lang));
  $('move-input').placeholder = tx.moveInput;
  nameRulesets();
  if (computer) computer.applyLanguage();
}

function applyMode() {
  for (const b of document.querySelectorAll('[data-mode]')) b.setAttribute('aria-pressed', String(b.dataset.mode === state.mode));
  $('review-form').hidden = state.mode !== 'review';
  $('play-controls').hidden = !playing();
  $('computer-controls').hidden = state.mode !== 'computer';
}

// ---------------------------------------------------------------- wiring

async function review(game, ply, answer) {
  const previous = state.game;
  state.game = game;
  state.selected = null;
  state.refusal = null;
  busy(true);
  if (!(await adjudicate(answer))) {
    state.game = previous; // the desk keeps the last game it could read
    busy(false);
    return false;
  }
  state.ply = ply === null || Number.isNaN(ply) ? state.plies : Math.max(0, Math.min(state.plies, ply));
  showMoves();
  if (playing()) await loadLegalMoves();
  await render();
  return true;
}

// The media types the service reads a record sent as the body in; a file of another type (or
// of none the browser knows) is sent as bytes, application/octet-stream.
const RECORD_TYPES = ['application/x-chess-pgn', 'text/plain', 'application/octet-stream', 'application/x-xqf'];

// A game file, opened: its bytes go to the service as they are, in whatever encoding they were
// saved in, with the form's options as the query. The service rules on it and says which
// encoding it read; the browser's decoder, which knows the same names, gives the record's
// text, which then stands in the form as if pasted. A binary file (XQF) has no text: the
// service answers its game as PGN (`record_pgn`), which stands in the form instead.
async function openFile(file) {
  const q = new URLSearchParams({ lang: state.lang });
  const fen = $('fen').value.trim();
  if (fen) q.set('fen', fen);
  if ($('notation').value) q.set('notation', $('notation').value);
  if ($('ruleset').value) q.set('ruleset', $('ruleset').value);
  const bytes = await file.arrayBuffer();
  const resp = await fetch(`/v1/adjudicate?${q}`, {
    method: 'POST',
    headers: { 'content-type': RECORD_TYPES.includes(file.type) ? file.type : 'application/octet-stream' },
    body: bytes,
  });
  const data = await resp.json();
  if (!resp.ok) {
    // An illegal move's position needs the record's text, whose encoding a problem does not
    // name: the service's words say where in the file the problem is.
    say(data.detail || String(data), true);
    return;
  }
  const binary = typeof data.record_pgn === 'string';
  const text = binary ? data.record_pgn : new TextDecoder(data.record_encoding).decode(bytes);
  $('game').value = text;
  const game = readGame(text, fen, $('notation').value, $('ruleset').value);
  if (await review(game, null, { ok: true, data })) {
    say(binary ? t().binaryRead(file.name) : t().fileRead(file.name, data.record_encoding));
  }
}

async function loadFragment() {
  const f = fromFragment();
  if (!f) return false;
  state.lang = deskLang(f.lang) || state.lang;
  state.mode = ['play', 'computer'].includes(f.mode) ? f.mode : 'review';
  applyLanguage();
  applyMode();
  fillForm(f.game);
  await review(f.game, f.ply);
  return true;
}

function wire() {
  $('review-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const game = readGame($('game').value, $('fen').value.trim(), $('notation').value, $('ruleset').value);
    review(game, null);
  });
  $('file').addEventListener('change', async (e) => {
    const file = e.target.files[0];
    e.target.value = ''; // the same file may be opened again
    if (file) await openFile(file);
  });
  $('share').addEventListener('click', async () => {
    history.replaceState(null, '', `#${toFragment()}`);
    const out = $('share-url');
    out.value = location.href;
    out.hidden = false;
    out.select();
    try { await navigator.clipboard.writeText(location.href); } catch { /* not allowed: the link is shown */ }
    say(t().linkReady);
  });
  // The service's printable ruling (POST /v1/report), opened in a new tab.
  $('report').addEventListener('click', async () => {
    const resp = await fetch('/v1/report', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...state.game, lang: state.lang }),
    });
    if (!resp.ok) return say((await resp.json()).detail, true);
    const url = URL.createObjectURL(new Blob([await resp.text()], { type: 'text/html' }));
    window.open(url, '_blank');
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  });
  $('first').addEventListener('click', () => goTo(0));
  $('prev').addEventListener('click', () => goTo(state.ply - 1));
  $('next').addEventListener('click', () => goTo(state.ply + 1));
  $('last').addEventListener('click', () => goTo(state.plies));
  $('slider').addEventListener('input', (e) => goTo(Number(e.target.value)));
  $('flip').addEventListener('click', (e) => {
    state.flip = !state.flip;
    e.currentTarget.setAttribute('aria-pressed', String(state.flip));
    render();
  });
  $('moves').addEventListener('click', (e) => {
    const b = e.target.closest('button[data-ply]');
    if (b) goTo(Number(b.dataset.ply));
  });
  $('board').addEventListener('click', (e) => {
    const target = e.target.closest('[data-square]');
    if (target) clickSquare(target.dataset.square);
  });
  document.addEventListener('keydown', (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.target.closest('input, textarea, select')) return;
    const to = { ArrowLeft: state.ply - 1, ArrowRight: state.ply + 1, Home: 0, End: state.plies }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    goTo(to);
  });
  for (const b of document.querySelectorAll('[data-lang]')) {
    b.addEventListener('click', async () => {
      state.lang = b.dataset.lang;
      applyLanguage();
      busy(true);
      await adjudicate();
      showMoves();
      if (playing() && state.legal) {
        say(gameEnded() ? gameOverText() : t().toMove(entry(t(), state.legal.position.side_to_move)));
      }
      await render();
    });
  }
  for (const b of document.querySelectorAll('[data-mode]')) {
    b.addEventListener('click', async () => {
      if (state.mode === b.dataset.mode) return;
      state.mode = b.dataset.mode;
      state.selected = null;
      state.refusal = null;
      applyMode();
      if (state.mode === 'computer') await computer.enter();
      else if (state.mode === 'play') await enterPlay();
      else await render();
    });
  }
  $('undo').addEventListener('click', async () => {
    if (state.mode === 'computer') return computer.undo();
    if (!state.game.moves || !state.game.moves.length) return;
    state.game.moves.pop();
    state.selected = null;
    state.refusal = null;
    await afterMoves();
  });
  // A new game starts from the standard position (to play from another, review it first).
  $('new-game').addEventListener('click', async () => {
    state.game = { ruleset: $('ruleset').value, moves: [] };
    fillForm(state.game);
    state.selected = null;
    state.refusal = null;
    await afterMoves();
  });
  $('move-form').addEventListener('submit', async (e) => {
    e.preventDefault();
    const text = $('move-input').value.trim().replace('-', '');
    if (!playing() || !state.legal) return;
    if (gameEnded()) return say(gameOverText(), true);
    if (computer.refusal()) return say(computer.refusal(), true);
    if (state.ply !== state.plies) return say(t().goToEnd, true);
    if (!ICCS.test(text)) return say(`${t().refused}: ${text}`, true);
    $('move-input').value = '';
    await tryMove(text.slice(0, 2).toLowerCase(), text.slice(2).toLowerCase());
  });
  window.addEventListener('hashchange', loadFragment);
}

async function start() {
  state.lang = deskLang(navigator.language && navigator.language.slice(0, 2)) || state.lang;
  wire();
  computer = computerMode({
    state, entry, t, say, post, busy, sideName, gameEnded, gameOverText, afterMoves, fillForm,
  });
  await loadRulesets();
  applyLanguage();
  applyMode();
  if (!(await loadFragment())) await review({ ruleset: defaultRuleset(), moves: [] }, 0);
  performance.mark('desk-ready');
}

start();
