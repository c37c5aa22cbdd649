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
    fenLabel: 'FEN khởi đầu (để trống: thế ban đầu)', notationLabel: 'Cách ghi', auto: 'tự động nhận biết',
    rulesetLabel: 'Luật', adjudicate: 'Phân xử', share: 'Tạo liên kết', shareUrl: 'Liên kết chia sẻ',
    undo: 'Đi lại', newGame: 'Ván mới', report: 'Biên bản để in', ruling: 'Kết quả xử', verdict: 'Quyết định',
    violator: 'Bên vi phạm', moves: 'Các nước đi',
    legend: '↻ vòng lặp được xét · ①②③ lần xuất hiện của thế cờ · ✗ nước bị xử thua',
    legendRounds: '↻ chín hiệp nước cấm liên tiếp · ✗ nước bị xử thua',
    start: 'Khởi đầu', ply: 'Lượt', red: 'Đỏ', black: 'Đen', nobody: 'không có',
    verdicts: { none: 'Không vi phạm', must_change: 'Phải đổi nước', loss: 'Xử thua', draw: 'Hòa' },
    banner: {
      must_change: (s) => `Thế cờ xuất hiện lần thứ ba: bên ${s} phải đổi nước, nếu không sẽ bị xử thua.`,
      loss: (s) => `Bên ${s} không đổi nước và bị xử thua.`,
      draw: () => 'Thế cờ xuất hiện lần thứ ba: hòa.',
    },
    occ: ['lần 1', 'lần 2', 'lần 3'], lossMark: 'nước bị xử thua', cycleMark: 'trong vòng lặp', runMark: 'trong chín hiệp nước cấm',
    illegalAt: (m) => `Nước ${m} không hợp lệ`, notYours: 'Hãy chọn một quân của bên đang đi.',
    goToEnd: 'Hãy về nước cuối để đi tiếp.', refused: 'Nước đi bị từ chối',
    linkReady: 'Liên kết đã được tạo (và chép nếu trình duyệt cho phép).', moveInput: 'Nhập nước đi (mọi cách ghi: h2e2, P2-5, C2.5, 炮二平五)',
    playMove: 'Đi', toMove: (s) => `Đến lượt ${s}.`, gameOver: 'Ván cờ đã kết thúc.',
    wonBy: (s, mate) => `Ván cờ đã kết thúc: ${s} thắng (${mate ? 'chiếu hết' : 'đối phương hết nước đi'}).`,
    result: 'Kết quả', won: (s, mate) => `Bên ${s} thắng (${mate ? 'chiếu hết' : 'đối phương hết nước đi'})`,
    openFile: 'Mở tệp ván cờ (PGN, biên bản, XQF…; UTF-8, GBK, Big5 hoặc UTF-16)',
    fileRead: (name, enc) => `Đã đọc tệp ${name} theo bảng mã ${enc}.`,
    binaryRead: (name) => `Đã đọc tệp nhị phân ${name}; ván cờ hiện ở dạng PGN.`,
    sheetFacts: 'Thông tin biên bản (giải, vòng, bàn, đấu thủ, trọng tài)', sheetHint: 'Ô để trống: lấy từ ván cờ, nếu có; không có thì in dòng trống để viết tay.',
    event: 'Giải', round: 'Vòng', tableNo: 'Bàn', redPlayer: 'Bên Đỏ', blackPlayer: 'Bên Đen', arbiter: 'Trọng tài',
    coords: 'Tọa độ', occOf: (n) => `lần ${n}/3`,
    keyLast: 'ô đi và ô đến của nước vừa đi', keyMove: 'nước vừa đi', keyCheck: 'chiếu (tướng bị chiếu có vòng đỏ)',
    keyChase: 'bắt quân không có căn (quân bị bắt khoanh tròn)', keyChaseFalse: 'bắt quân có căn giả', keyThreat: 'đe dọa không tính là bắt', keyIllegal: 'nước không hợp lệ',
    pieces: { k: 'Tướng', a: 'Sĩ', b: 'Tượng', n: 'Mã', r: 'Xe', c: 'Pháo', p: 'Tốt' },
    squareName: (piece, side, file, sq) => (piece ? `${piece} ${side}, cột ${file} (${sq})` : `Điểm trống ${sq}`),
    playBoard: 'Bàn cờ: phím mũi tên để đi giữa các điểm, Enter để chọn quân rồi chọn điểm đến',
    said: (n, side, move) => `Nước ${n} (lượt ${side}: ${move})`,
    displayLabel: 'Hiện nước đi theo', displayOwn: 'cách ghi VN', displayText: 'như trong ván cờ', moveNo: 'Nước',
    copyFen: 'Chép FEN', copyPgn: 'Chép PGN', downloadPgn: 'Tải PGN', copied: 'Văn bản đã chép',
    copiedNote: 'Đã chép (nếu trình duyệt cho phép); văn bản ở ô bên dưới.', dropHint: 'Thả tệp ván cờ vào trang để mở.',
    unread: 'Chưa phân xử được ván này', fixHint: 'Hãy sửa ván cờ rồi bấm «Phân xử» lại.',
    fenHint: 'Nếu ván không bắt đầu từ thế ban đầu, hãy dán FEN của thế khởi đầu vào ô «FEN khởi đầu».',
    notationHint: 'Có thể chọn cách ghi bằng tay ở ô «Cách ghi».',
    judged: (parts) => `Nước này: ${parts.join('; ')}.`, because: (what, why) => `${what} (${why.join(', ')})`, check: 'chiếu', threatensMate: 'dọa hết', mateUndecided: 'chưa xác định được có dọa hết không', winsByCheck: 'dọa chiếu rút ăn quân', pawnCaptureCheck: 'tốt ăn quân làm lộ nước chiếu (tính là bắt)',
    idle: 'nhàn', notWeighed: 'không xét thêm (quyết định không phụ thuộc vào nước này)', chases: (piece, sq) => `bắt ${piece} ${sq}`, falselyProtected: 'căn giả',
    reasons: {
      joint: 'bắt phối hợp', exchange_gain: 'đổi quân thì lời', root_cut_by_exchange: 'đổi quân phá căn',
      root_into_mate: 'ăn lại thì bị chiếu hết', recapture_loses: 'căn giả: ăn lại thì thiệt', freed_root: 'nước đi giải thoát quân bắt',
    },
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
    legendRounds: '↻ the nine rounds of forbidden moves · ✗ losing move',
    start: 'Start', ply: 'Ply', red: 'Red', black: 'Black', nobody: 'none',
    verdicts: { none: 'No violation', must_change: 'Must change', loss: 'Loss', draw: 'Draw' },
    banner: {
      must_change: (s) => `Third occurrence: ${s} must change its move, or it loses.`,
      loss: (s) => `${s} did not change and loses.`,
      draw: () => 'Third occurrence: the game is drawn.',
    },
    occ: ['1st occurrence', '2nd occurrence', '3rd occurrence'], lossMark: 'losing move', cycleMark: 'in the judged cycle', runMark: 'in the nine rounds of forbidden moves',
    illegalAt: (m) => `Move ${m} is illegal`, notYours: 'Pick a piece of the side to move.',
    goToEnd: 'Go to the last move to play on.', refused: 'Move refused',
    linkReady: 'Link made (and copied, if the browser allows).', moveInput: 'Type a move (any notation: h2e2, P2-5, C2.5, 炮二平五)',
    playMove: 'Play', toMove: (s) => `${s} to move.`, gameOver: 'The game is over.',
    wonBy: (s, mate) => `The game is over: ${s} wins (${mate ? 'checkmate' : 'the opponent has no legal move'}).`,
    result: 'Result', won: (s, mate) => `${s} wins (${mate ? 'checkmate' : 'the opponent has no legal move'})`,
    openFile: 'Open a game file (PGN, a score sheet, XQF…; UTF-8, GBK, Big5 or UTF-16)',
    fileRead: (name, enc) => `Read ${name} as ${enc}.`,
    binaryRead: (name) => `Read the binary file ${name}; the game is shown as PGN.`,
    sheetFacts: 'Report details (event, round, board, players, arbiter)', sheetHint: 'An empty box takes the game record\'s value, if any; else the report prints a blank line to write on.',
    event: 'Event', round: 'Round', tableNo: 'Board', redPlayer: 'Red', blackPlayer: 'Black', arbiter: 'Arbiter',
    coords: 'Coordinates', occOf: (n) => `occurrence ${n} of 3`,
    keyLast: 'the last move\'s squares', keyMove: 'the last move', keyCheck: 'check (the king in check ringed)',
    keyChase: 'chase of an unprotected piece (the chased piece circled)', keyChaseFalse: 'chase of a falsely protected piece', keyThreat: 'threat that is no chase', keyIllegal: 'illegal move',
    pieces: { k: 'king', a: 'advisor', b: 'elephant', n: 'horse', r: 'rook', c: 'cannon', p: 'pawn' },
    squareName: (piece, side, file, sq) => (piece ? `${side} ${piece}, file ${file} (${sq})` : `Empty point ${sq}`),
    playBoard: 'Board: arrow keys move between points, Enter picks a piece, then its destination',
    said: (n, side, move) => `Move ${n} (${side}: ${move})`,
    displayLabel: 'Show the moves in', displayOwn: 'WXF (English sheets)', displayText: 'as written in the game', moveNo: 'No.',
    copyFen: 'Copy FEN', copyPgn: 'Copy PGN', downloadPgn: 'Download PGN', copied: 'Text copied',
    copiedNote: 'Copied (if the browser allows); the text is in the box below.', dropHint: 'Drop a game file on the page to open it.',
    unread: 'This game could not be ruled on', fixHint: 'Correct the game, then press “Adjudicate” again.',
    fenHint: 'If the game did not start from the initial position, paste the start position\'s FEN into “Start FEN”.',
    notationHint: 'You can also choose the notation by hand under “Notation”.',
    judged: (parts) => `This move: ${parts.join('; ')}.`, because: (what, why) => `${what} (${why.join(', ')})`, check: 'check', threatensMate: 'threatens mate', mateUndecided: 'mate threat undecided', winsByCheck: 'threatens to win material by check', pawnCaptureCheck: "a pawn's capture that uncovers check (a chase)",
    idle: 'idle', notWeighed: 'not searched further (the verdict does not turn on it)', chases: (piece, sq) => `chases the ${piece} ${sq}`, falselyProtected: 'falsely protected',
    reasons: {
      joint: 'a joint chase', exchange_gain: 'won by the exchange', root_cut_by_exchange: 'an exchange cuts its root',
      root_into_mate: 'its recapture would be mated', recapture_loses: 'every recapture loses', freed_root: 'the move freed the capturer',
    },
  },
  zh: {
    title: '裁判台', apiDocs: 'API 文档', board: '棋盘', first: '回到开头', prev: '后退', next: '前进',
    last: '跳到最后', plySlider: '步数', flip: '翻转棋盘', mode: '模式', review: '复盘裁决', play: '双人对弈',
    gameLabel: '棋局（着法、JSON 数组、PGN、带序号的棋谱、东萍文本棋谱或 DhtmlXQ）', fenLabel: '起始 FEN（留空：标准开局）',
    notationLabel: '记谱法', auto: '自动识别', rulesetLabel: '规则', adjudicate: '裁决', share: '分享链接',
    shareUrl: '分享链接', undo: '悔棋', newGame: '新局', report: '可打印的裁决书', ruling: '裁决', verdict: '裁决结果', violator: '违例方',
    moves: '着法', legend: '↻ 被裁决的循环 · ①②③ 局面出现次数 · ✗ 判负的一着',
    legendRounds: '↻ 连续九回合禁止着法 · ✗ 判负的一着',
    start: '起始局面', ply: '步', red: '红方', black: '黑方', nobody: '无',
    verdicts: { none: '无违例', must_change: '必须变着', loss: '判负', draw: '和棋' },
    banner: {
      must_change: (s) => `局面第三次出现：${s}必须变着，否则判负。`,
      loss: (s) => `${s}不变着，判负。`,
      draw: () => '局面第三次出现：和棋。',
    },
    occ: ['第一次出现', '第二次出现', '第三次出现'], lossMark: '判负的一着', cycleMark: '在循环中', runMark: '在连续九回合禁止着法中',
    illegalAt: (m) => `着法 ${m} 不合规则`, notYours: '请选择行棋方的棋子。', goToEnd: '请回到最后一着再继续走棋。',
    refused: '着法被拒绝', linkReady: '链接已生成（浏览器允许时已复制）。', moveInput: '输入着法（任何记谱法：h2e2、P2-5、C2.5、炮二平五）',
    playMove: '走', toMove: (s) => `轮到${s}走棋。`, gameOver: '对局已结束。',
    wonBy: (s, mate) => `对局已结束：${s}胜（${mate ? '将死' : '困毙'}）。`,
    result: '结果', won: (s, mate) => `${s}胜（${mate ? '将死' : '困毙'}）`,
    openFile: '打开棋谱文件（PGN、棋谱文本、XQF……；UTF-8、GBK、Big5 或 UTF-16）',
    fileRead: (name, enc) => `已按 ${enc} 编码读取 ${name}。`,
    binaryRead: (name) => `已读取二进制文件 ${name}，棋局以 PGN 显示。`,
    sheetFacts: '裁决书信息（赛事、轮次、台号、棋手、裁判）', sheetHint: '留空：取自棋谱（如有）；否则打印空行以便手写。',
    event: '赛事', round: '轮次', tableNo: '台号', redPlayer: '红方', blackPlayer: '黑方', arbiter: '裁判',
    coords: '坐标', occOf: (n) => `第${n}次出现（共3次）`,
    keyLast: '上一着的起点和终点', keyMove: '上一着', keyCheck: '将军（被将的将帅加红圈）',
    keyChase: '捉无根子（被捉的子加圈）', keyChaseFalse: '捉假根子', keyThreat: '不算捉的威胁', keyIllegal: '不合规则的着法',
    pieces: { k: '将帅', a: '士', b: '象', n: '马', r: '车', c: '炮', p: '兵卒' },
    squareName: (piece, side, file, sq) => (piece ? `${side}${piece}，${file}路（${sq}）` : `空位 ${sq}`),
    playBoard: '棋盘：方向键在各点之间移动，回车先选棋子再选目标点',
    said: (n, side, move) => `第${n}回合${side}（${move}）`,
    displayLabel: '着法显示为', displayOwn: '中文记谱', displayText: '与棋谱相同', moveNo: '回合',
    copyFen: '复制 FEN', copyPgn: '复制 PGN', downloadPgn: '下载 PGN', copied: '已复制的文本',
    copiedNote: '已复制（浏览器允许时）；文本见下方。', dropHint: '把棋谱文件拖到页面上即可打开。',
    unread: '无法裁决此棋局', fixHint: '请改正棋谱后再按“裁决”。',
    fenHint: '如果对局不是从初始局面开始，请把起始局面的 FEN 贴到“起始 FEN”中。',
    notationHint: '也可以在“记谱法”中手动选择记谱法。',
    judged: (parts) => `本着：${parts.join('；')}。`, because: (what, why) => `${what}（${why.join('、')}）`, check: '将', threatensMate: '杀', mateUndecided: '杀着未能判定', winsByCheck: '伏抽吃', pawnCaptureCheck: '兵(卒)吃子产生将军（按捉）',
    idle: '闲', notWeighed: '未再判定（裁决不取决于此着）', chases: (piece, sq) => `捉${piece}${sq}`, falselyProtected: '假根',
    pieceOf: { red: { k: '帅', a: '仕', b: '相', p: '兵' }, black: { k: '将', a: '士', b: '象', p: '卒' } },
    reasons: {
      joint: '联合捉', exchange_gain: '少根', root_cut_by_exchange: '以兑断根',
      root_into_mate: '反吃被杀', recapture_loses: '假根：反吃得不偿失', freed_root: '解脱根子',
    },
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
  coords: false, // ICCS coordinates drawn on the board
  focus: 'e0', // the point of the board in the tab order (play)
  game: { moves: [] }, // the request fields of the game: fen, moves or game, notation, ruleset
  read: [], // each ply as the service read it (`moves_read`): number, side, text, its names
  display: '', // the notation the moves are shown in: '' the language's own, 'text' as written
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
  if (state.flip) p.set('flip', '1');
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
  return { game, ply, lang: p.get('lang'), mode: p.get('mode'), flip: p.get('flip') === '1' };
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
  const res = answer || await post('/v1/adjudicate', { ...state.game, lang: state.lang, moves_read: true });
  if (!res.ok && !isIllegalMove(res.data)) {
    failed(res.data);
    return false;
  }
  clearProblem();
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
    showProblem(res.data);
  }
  // The moves as the service read them: a ruling lists them; for an illegal move, the moves
  // before it are asked for, and the illegal one is named as written.
  state.read = res.ok ? res.data.moves_read || [] : [];
  if (!res.ok) {
    const before = await post('/v1/adjudicate', { ...legalPart(), lang: state.lang, moves_read: true });
    if (before.ok) state.read = before.data.moves_read || [];
  }
  showRuling();
  return true;
}

// ---------------------------------------------------------------- problems of a game

// A game the service could not rule on: the previous game's ruling, board and moves go at
// once (they must not stand beside a text they do not belong to), and the problem is said
// above the board, where the verdict was, with what to do about it.
function failed(problem) {
  document.querySelector('.board-panel').classList.add('failed');
  state.ruling = null;
  state.illegal = null;
  state.legal = null;
  state.plies = 0;
  state.ply = 0;
  state.read = [];
  state.numbering = [];
  showRuling();
  showMoves();
  say('');
  showProblem(problem);
}

const isFailed = () => document.querySelector('.board-panel').classList.contains('failed');

function clearProblem() {
  $('problem').hidden = true;
  $('problem').replaceChildren();
  document.querySelector('.board-panel').classList.remove('failed');
}

// What to do about a problem: the start position when a record stops at once without a FEN,
// the notation when none read it, else correct the game.
function problemHints(problem) {
  const tx = t();
  const type = typeof problem === 'object' && problem ? String(problem.type) : '';
  const illegal = isIllegalMove(problem) || type.endsWith('/unparsable-move');
  const undetected = type.endsWith('/invalid-record') && !state.game.notation;
  const early = illegal ? problem.ply <= 2 : undetected;
  const hints = [];
  if (!state.game.fen && state.game.game !== undefined && early) hints.push(tx.fenHint);
  if (undetected) hints.push(tx.notationHint);
  if (!isIllegalMove(problem)) hints.push(tx.fixHint);
  return hints;
}

function showProblem(problem) {
  const box = $('problem');
  const heading = document.createElement('strong');
  const detail = document.createElement('p');
  if (isIllegalMove(problem)) {
    heading.textContent = t().illegalAt(problem.move);
    detail.textContent = reasonText(problem);
  } else {
    heading.textContent = t().unread;
    detail.textContent = (problem && problem.detail) || String(problem);
  }
  const hints = problemHints(problem).map((h) => {
    const p = document.createElement('p');
    p.className = 'hint';
    p.textContent = h;
    return p;
  });
  box.replaceChildren(heading, detail, ...hints);
  box.hidden = false;
}

// The ruling shown belongs to the game as it was sent: it goes the moment the game's text or
// options change, before they are sent again.
function dropRuling() {
  $('ruling').hidden = true;
  $('banner').hidden = true;
}

function showRuling() {
  const r = state.ruling;
  // No moves, no ruling to show (an empty desk says nothing), unless the position is over.
  $('ruling').hidden = !r || (state.plies === 0 && !r.game_over);
  const banner = $('banner');
  banner.hidden = true;
  if (!r) return;
  // A game that ended on the board: its result, not "no violation" beside a mate.
  const over = r.game_over;
  $('verdict-term').textContent = over ? t().result : t().verdict;
  $('verdict').textContent = over
    ? t().won(sideName(over.winner), over.reason === 'checkmate')
    : entry(t().verdicts, r.verdict) || r.verdict;
  $('violator-term').hidden = $('violator').hidden = Boolean(over);
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
  if (over) {
    banner.textContent = t().wonBy(sideName(over.winner), over.reason === 'checkmate');
    banner.hidden = false;
  } else if (headline && (r.repetition || r.forbidden_run)) {
    banner.textContent = headline(sideName(r.violator));
    banner.hidden = false;
  }
}

// ---------------------------------------------------------------- the move list and stepper

// The notation the moves are shown in: the one chosen, else the desk's language's own (as the
// explanations name moves: VN in Vietnamese, WXF in English, Chinese in Chinese).
const displayed = () => state.display || { vi: 'vn', en: 'wxf', zh: 'chinese' }[state.lang];

// Ply `k`'s move as shown: its name in the displayed notation, else as written; the illegal
// move as written.
function moveLabel(k) {
  const read = state.read[k - 1];
  if (read) return read[displayed()] || read.text;
  if (state.illegal && k === state.plies) return state.illegal.move;
  return '…';
}

// The move list as a score sheet: one row per move number, Red's move and Black's; the start
// position above it. Each move is a button that shows its position.
function showMoves() {
  if (isFailed()) {
    $('moves').replaceChildren();
    return;
  }
  const rep = state.ruling && state.ruling.repetition;
  const cycle = new Set(rep ? rep.cycle.map((c) => c.ply) : []);
  // Nine rounds of forbidden moves (cxa2020): no repetition, the rounds marked as a cycle is.
  const run = state.ruling && state.ruling.forbidden_run;
  // The legend names what the marks stand for: the cycle's, or the nine rounds'.
  const legend = document.querySelector('#moves-legend');
  const roundsOnly = run && !rep;
  legend.dataset.t = roundsOnly ? 'legendRounds' : 'legend';
  legend.textContent = roundsOnly ? t().legendRounds : t().legend;
  const rounds = new Set(run ? run.moves.map((c) => c.ply) : []);
  const occurrences = rep ? [rep.first_ply, rep.previous_ply, rep.trigger_ply] : [];
  const cell = (k) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.dataset.ply = String(k);
    button.textContent = k === 0 ? t().start : moveLabel(k);
    const notes = [];
    occurrences.forEach((p, i) => {
      if (p === k) {
        button.append(' ', badge('①②③'[i], t().occ[i]));
        notes.push(t().occ[i]);
      }
    });
    if ((rep && rep.loss_ply === k) || (run && run.loss_ply === k)) {
      button.append(' ', badge('✗', t().lossMark));
    }
    const td = document.createElement('td');
    if (cycle.has(k)) {
      td.classList.add('cycle');
      notes.push(t().cycleMark);
    }
    if (rounds.has(k)) {
      td.classList.add('cycle');
      notes.push(t().runMark);
    }
    if (state.illegal && k === state.plies) td.classList.add('illegal');
    if (notes.length) button.title = notes.join(', ');
    if (k === state.ply) button.setAttribute('aria-current', 'step');
    td.append(button);
    return td;
  };
  const start = cell(0);
  start.classList.add('start');
  const head = document.createElement('tr');
  for (const text of [t().moveNo, t().red, t().black]) {
    const th = document.createElement('th');
    th.scope = 'col';
    th.textContent = text;
    head.append(th);
  }
  const rows = [];
  let row = null;
  for (let k = 1; k <= state.plies; k++) {
    const numbered = state.numbering[k - 1] || '';
    const black = numbered.endsWith('…');
    if (!row || !black) {
      row = document.createElement('tr');
      const th = document.createElement('th');
      th.scope = 'row';
      th.textContent = String(parseInt(numbered, 10));
      row.append(th);
      if (black) row.append(document.createElement('td')); // Black moved first
      rows.push(row);
    }
    row.append(cell(k));
    if (black) row = null;
  }
  const table = document.createElement('table');
  table.className = 'sheet';
  const thead = document.createElement('thead');
  thead.append(head);
  const tbody = document.createElement('tbody');
  tbody.append(...rows);
  table.append(thead, tbody);
  const startRow = document.createElement('p');
  startRow.append(...start.childNodes);
  startRow.className = start.className;
  $('moves').replaceChildren(startRow, ...(rows.length ? [table] : []));
}

function badge(sign, label) {
  const span = document.createElement('span');
  span.className = 'occ';
  span.textContent = sign;
  span.setAttribute('aria-label', label);
  return span;
}

const ROLE_LETTER = { king: 'k', advisor: 'a', elephant: 'b', horse: 'n', rook: 'r', cannon: 'c', pawn: 'p' };

// A piece of `side` named in the desk's language (Chinese names four kinds by side: 帅/将, 仕/士, 相/象, 兵/卒).
function pieceName(role, side) {
  const letter = ROLE_LETTER[role] || role;
  const own = t().pieceOf && t().pieceOf[side];
  return (own && own[letter]) || entry(t().pieces, letter) || role;
}

// What ply `k` does as the ruling judged it (a move of the cycle, of the nine rounds, or the
// violator's move after them), in words: its check, mate threat and chases, each chase with
// the reading that made it one; empty for a ply the ruling did not judge.
function judgedText(k) {
  const r = state.ruling;
  const run = r && r.forbidden_run;
  const judged = [...((r && r.repetition && r.repetition.cycle) || []),
    ...((run && run.moves) || []), ...((run && run.next_move && [run.next_move]) || [])]
    .find((m) => m.ply === k);
  if (!judged) return '';
  const tx = t();
  const parts = [];
  if (judged.pawn_capture_check) parts.push(tx.pawnCaptureCheck);
  else if (judged.check) parts.push(tx.check);
  if (judged.mate_threat === 'mate') parts.push(tx.threatensMate);
  if (judged.mate_threat === 'unknown') parts.push(tx.mateUndecided);
  if (judged.wins_by_check) parts.push(tx.winsByCheck);
  const chased = judged.side === 'red' ? 'black' : 'red';
  for (const c of judged.chases || []) {
    if (c.kind !== 'chase') continue;
    const why = (c.reasons || []).map((reason) => entry(tx.reasons, reason)).filter(Boolean);
    if (!why.length && c.protection === 'false_protection') why.push(tx.falselyProtected);
    const chase = tx.chases(pieceName(c.role, chased), c.square);
    parts.push(why.length ? tx.because(chase, why) : chase);
  }
  if (!parts.length) {
    // Under a book that counts mate threats, a move with no `mate_threat` was not searched.
    const book = state.rulesets.find((b) => b.id === (state.game.ruleset || defaultRuleset()));
    parts.push(book && book.mate_threats && !judged.mate_threat ? tx.notWeighed : tx.idle);
  }
  return tx.judged(parts);
}

function showStepper() {
  const slider = $('slider');
  slider.max = String(state.plies);
  slider.value = String(state.ply);
  $('first').disabled = $('prev').disabled = state.ply === 0;
  $('last').disabled = $('next').disabled = state.ply === state.plies;
  const move = state.ply ? ` · ${state.numbering[state.ply - 1]} ${moveLabel(state.ply)}` : '';
  // Stepping onto an occurrence of the repeated position says which one it is.
  const rep = state.ruling && state.ruling.repetition;
  const occ = rep ? [rep.first_ply, rep.previous_ply, rep.trigger_ply].indexOf(state.ply) : -1;
  const count = occ >= 0 ? ` · ${t().occOf(occ + 1)}` : '';
  $('ply-label').textContent = `${t().ply} ${state.ply}/${state.plies}${move}${count}`;
  const judged = playing() ? '' : judgedText(state.ply);
  $('ply-judged').textContent = judged;
  $('ply-judged').hidden = !judged;
  // The ply in words, for screen readers (the board itself is not re-read at every step).
  const numbered = state.ply ? state.numbering[state.ply - 1] || '' : '';
  const side = numbered.endsWith('…') ? t().black : t().red;
  $('announce').textContent = state.ply
    ? `${t().said(parseInt(numbered, 10), side, moveLabel(state.ply))}${count}`
    : t().start;
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
  if (isFailed()) return;
  showStepper();
  const board = $('board');
  busy(true);
  const res = await fetchBoard();
  if (request !== boardRequests) return; // a newer board is on its way
  busy(false);
  board.classList.toggle('playable', playing());
  if (res.ok) {
    const focused = board.contains(document.activeElement);
    board.innerHTML = res.data;
    decorate(board.querySelector('svg.xq-board'));
    if (focused && playing()) focusSquare(state.focus);
  } else say(res.data.detail || String(res.data), true);
}

// What the desk adds to the service's board: the last move's squares tinted, and, when asked,
// the ICCS coordinates (files a-i along the bottom, ranks 0-9 down the left) beside the
// drawing's own file numbers. Placed from the board's own hit targets (`sq-e3`).
function decorate(svg) {
  if (!svg) return;
  const move = svg.querySelector('.arrow.move');
  if (move) {
    for (const sq of [move.dataset.from, move.dataset.to]) {
      const rect = svg.querySelector(`#sq-${sq}`);
      if (rect) rect.classList.add('last');
    }
  }
  if (playing()) playableSquares(svg);
  if (!state.coords) return;
  const NS = svg.namespaceURI;
  const at = (sq) => {
    const r = svg.querySelector(`#sq-${sq}`);
    return { x: Number(r.getAttribute('x')) + 25, y: Number(r.getAttribute('y')) + 25 };
  };
  const height = svg.viewBox.baseVal.height;
  const label = (text, x, y) => {
    const el = document.createElementNS(NS, 'text');
    el.setAttribute('class', 'coord');
    el.setAttribute('x', String(x));
    el.setAttribute('y', String(y));
    el.textContent = text;
    svg.append(el);
  };
  for (const f of 'abcdefghi') label(f, at(`${f}0`).x + 13, height - 18);
  for (let r = 0; r <= 9; r++) label(String(r), 14, at(`a${r}`).y);
}

function goTo(ply) {
  const p = Math.max(0, Math.min(state.plies, ply));
  if (p === state.ply) return;
  state.ply = p;
  state.selected = null;
  state.refusal = null;
  render();
}

// ---------------------------------------------------------------- playing by keyboard

// In play, the board is a group of points a keyboard reaches: one point in the tab order (the
// last one focused), the arrow keys move between points, Enter or Space clicks one. Each point
// is named by its piece and side and the file that side counts it on ("Red rook, file 8 (b0)").
function playableSquares(svg) {
  svg.setAttribute('role', 'group');
  svg.setAttribute('aria-label', t().playBoard);
  for (const el of svg.children) if (!el.classList.contains('sq')) el.setAttribute('aria-hidden', 'true');
  if (!svg.querySelector(`#sq-${state.focus}`)) state.focus = 'e0';
  for (const rect of svg.querySelectorAll('rect.sq')) {
    const sq = rect.dataset.square;
    rect.setAttribute('role', 'button');
    rect.setAttribute('tabindex', sq === state.focus ? '0' : '-1');
    rect.setAttribute('aria-label', squareName(svg, sq));
    if (sq === state.selected) rect.setAttribute('aria-pressed', 'true');
  }
}

function squareName(svg, sq) {
  const piece = svg.querySelector(`#pc-${sq}`);
  if (!piece) return t().squareName(null, null, null, sq);
  const letter = piece.dataset.piece;
  const red = letter === letter.toUpperCase();
  const file = 'abcdefghi'.indexOf(sq[0]);
  const role = entry(t().pieces, { e: 'b', h: 'n' }[letter.toLowerCase()] || letter.toLowerCase());
  return t().squareName(role, red ? t().red : t().black, red ? 9 - file : file + 1, sq);
}

function focusSquare(sq) {
  const rect = document.getElementById(`sq-${sq}`);
  if (!rect) return;
  for (const r of $('board').querySelectorAll('rect.sq[tabindex="0"]')) r.setAttribute('tabindex', '-1');
  rect.setAttribute('tabindex', '0');
  state.focus = sq;
  rect.focus();
}

// The point beside `sq` in the direction of an arrow key, as the board is seen (flipped or not).
function neighbour(sq, key) {
  const [df, dr] = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] }[key];
  const sign = state.flip ? -1 : 1;
  const file = 'abcdefghi'.indexOf(sq[0]) + sign * df;
  const rank = Number(sq[1]) + sign * dr;
  return file >= 0 && file <= 8 && rank >= 0 && rank <= 9 ? `${'abcdefghi'[file]}${rank}` : sq;
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

// A move typed in any notation, as ICCS; null (and the service's reason said) if it does not
// read. The service has named every legal move in every notation (`/v1/legal-moves`); a text
// none of them is (another spelling, an illegal move) is read by the service itself, from the
// position on the board, and its drawing's move arrow gives the squares.
async function readMove(text) {
  if (ICCS.test(text)) return text.replace('-', '').toLowerCase();
  const fold = (m) => m.normalize('NFKC').replace(/\s+/g, '').toUpperCase();
  const typed = fold(text);
  const named = state.legal.legal_moves.find((m) =>
    Object.entries(m).some(([k, name]) => k !== 'iccs' && typeof name === 'string' && fold(name) === typed));
  if (named) return named.iccs;
  const res = await post('/v1/diagram', { fen: state.legal.position.fen, game: text, lang: state.lang });
  if (!res.ok) {
    say(`${t().refused} (${text}): ${isIllegalMove(res.data) ? reasonText(res.data) : res.data.detail || ''}`, true);
    return null;
  }
  const arrow = new DOMParser().parseFromString(res.data, 'image/svg+xml').querySelector('.arrow.move');
  if (!arrow) {
    say(`${t().refused}: ${text}`, true);
    return null;
  }
  return `${arrow.getAttribute('data-from')}${arrow.getAttribute('data-to')}`;
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

// The game on the desk as its ICCS twin, up to ply `upTo`: its start and the moves the service
// read (`moves_read`), so that play goes on with the whole history and the repetitions count
// as they did. A record's start may be its own [FEN]: the service's board before the first
// move says it.
async function iccsTwin(upTo) {
  const g = state.game;
  const twin = { ruleset: g.ruleset, moves: state.read.slice(0, upTo).map((m) => m.iccs) };
  if (g.game === undefined && g.fen) twin.fen = g.fen;
  if (g.game !== undefined) {
    const res = await post('/v1/diagram', { ...legalPart(), ply: 0 });
    const fen = res.ok && /data-fen="([^"]*)"/.exec(res.data);
    if (fen) twin.fen = fen[1];
  }
  return twin;
}

// Play goes on from the game on the desk, with its history: a list of ICCS moves as it is,
// anything else as its ICCS twin (up to the move before an illegal one).
async function enterPlay() {
  const g = state.game;
  if (g.game !== undefined || (g.notation && g.notation !== 'iccs') || state.illegal) {
    state.game = await iccsTwin(state.read.length);
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
  state.game = game;
  dropRuling();
  state.selected = null;
  state.refusal = null;
  busy(true);
  if (!(await adjudicate(answer))) {
    // The game stays the one sent, so that a change of language says its problem again.
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
  const q = new URLSearchParams({ lang: state.lang, moves_read: 'true' });
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
    state.game = readGame('', fen, $('notation').value, $('ruleset').value);
    failed(data);
    return;
  }
  const binary = typeof data.record_pgn === 'string';
  const text = binary ? data.record_pgn : new TextDecoder(data.record_encoding).decode(bytes);
  $('game').value = text;
  fillSheet(text);
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
  state.flip = f.flip;
  $('flip').setAttribute('aria-pressed', String(state.flip));
  applyLanguage();
  applyMode();
  fillForm(f.game);
  await review(f.game, f.ply);
  return true;
}

// ---------------------------------------------------------------- copy, download, drop

// Text put on the clipboard when the browser allows, and shown in a box either way.
async function copyOut(text) {
  const box = $('copied');
  box.value = text;
  box.hidden = false;
  box.select();
  try { await navigator.clipboard.writeText(text); } catch { /* not allowed: the box shows it */ }
  say(t().copiedNote);
}

const START_FEN = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';

// The game as PGN: the report's facts as tags, the start when it is not the standard one, and
// the moves the service read, in ICCS (which every reader, the service included, reads back),
// numbered as on the score sheet.
async function gamePgn() {
  const twin = await iccsTwin(state.read.length);
  const tags = [];
  const tag = (name, value) => value && tags.push(`[${name} "${value.replace(/["\\]/g, '')}"]`);
  const names = { event: 'Event', round: 'Round', board: 'Board', red: 'Red', black: 'Black', arbiter: 'Arbiter' };
  for (const key of SHEET_FACTS) tag(names[key], $(`sheet-${key}`).value.trim());
  if (twin.fen && twin.fen !== START_FEN) tag('FEN', twin.fen);
  tag('Format', 'ICCS');
  const over = state.ruling && state.ruling.game_over;
  const result = over ? (over.winner === 'red' ? '1-0' : '0-1') : '*';
  tag('Result', result);
  const words = [];
  state.read.forEach((m, i) => {
    if (m.side === 'red') words.push(`${m.number}.`);
    else if (i === 0) words.push(`${m.number}...`);
    words.push(m.iccs);
  });
  words.push(result);
  const lines = [];
  for (const w of words) {
    if (!lines.length || lines[lines.length - 1].length + w.length > 78) lines.push(w);
    else lines[lines.length - 1] += ` ${w}`;
  }
  return `${tags.join('\n')}\n\n${lines.join('\n')}\n`;
}

// The facts a report heads with, as the desk's boxes name them (`sheet-event`, ...).
const SHEET_FACTS = ['event', 'round', 'board', 'red', 'black', 'arbiter'];

// A new game's PGN tags fill the report's boxes, where the arbiter can correct them before
// printing. What the arbiter typed stays from game to game (the same table); what the previous
// game's tags filled in goes with it.
function fillSheet(text) {
  const tags = { event: 'Event', round: 'Round', board: 'Board', red: 'Red', black: 'Black', arbiter: 'Arbiter' };
  for (const key of SHEET_FACTS) {
    const box = $(`sheet-${key}`);
    if (box.dataset.fromGame) {
      box.value = '';
      delete box.dataset.fromGame;
    }
    const m = new RegExp(`^\\s*\\[${tags[key]}\\s+"([^"]*)"\\s*\\]`, 'mi').exec(text);
    if (m && m[1].trim() && !box.value.trim()) {
      box.value = m[1].trim();
      box.dataset.fromGame = 'true';
    }
  }
}

function wire() {
  $('review-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const game = readGame($('game').value, $('fen').value.trim(), $('notation').value, $('ruleset').value);
    fillSheet($('game').value);
    review(game, null);
  });
  for (const id of ['game', 'fen']) $(id).addEventListener('input', dropRuling);
  for (const key of SHEET_FACTS) {
    $(`sheet-${key}`).addEventListener('input', (e) => delete e.target.dataset.fromGame);
  }
  for (const id of ['notation', 'ruleset']) $(id).addEventListener('change', dropRuling);
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
  // The service's printable ruling (POST /v1/report), opened in a new tab: headed with the
  // table's facts as typed here (an empty one is the record's), stamped with this clock's time.
  $('report').addEventListener('click', async () => {
    const sheet = {};
    for (const key of SHEET_FACTS) {
      const value = $(`sheet-${key}`).value.trim();
      if (value) sheet[key] = value;
    }
    const resp = await fetch('/v1/report', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        ...state.game, lang: state.lang, sheet, utc_offset_minutes: -new Date().getTimezoneOffset(),
      }),
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
  $('copy-fen').addEventListener('click', () => {
    const svg = $('board').querySelector('svg.xq-board');
    if (svg) copyOut(svg.dataset.fen);
  });
  $('copy-pgn').addEventListener('click', async () => copyOut(await gamePgn()));
  $('download-pgn').addEventListener('click', async () => {
    const url = URL.createObjectURL(new Blob([await gamePgn()], { type: 'application/x-chess-pgn' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'game.pgn';
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  });
  // A game file dropped anywhere on the page opens as if chosen (the review mode's).
  document.addEventListener('dragover', (e) => {
    if (e.dataTransfer && [...e.dataTransfer.types].includes('Files')) e.preventDefault();
  });
  document.addEventListener('drop', async (e) => {
    const file = e.dataTransfer && e.dataTransfer.files[0];
    if (!file) return;
    e.preventDefault();
    if (state.mode !== 'review') {
      state.mode = 'review';
      applyMode();
    }
    await openFile(file);
  });
  $('display').addEventListener('change', (e) => {
    state.display = e.target.value;
    showMoves();
    showStepper();
  });
  $('coords').addEventListener('click', (e) => {
    state.coords = !state.coords;
    e.currentTarget.setAttribute('aria-pressed', String(state.coords));
    render();
  });
  $('flip').addEventListener('click', (e) => {
    state.flip = !state.flip;
    e.currentTarget.setAttribute('aria-pressed', String(state.flip));
    render();
  });
  $('moves').addEventListener('click', (e) => {
    const b = e.target.closest('button[data-ply]');
    if (b) goTo(Number(b.dataset.ply));
  });
  $('board').addEventListener('keydown', (e) => {
    const rect = e.target.closest('rect.sq');
    if (!rect || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key.startsWith('Arrow')) {
      e.preventDefault();
      focusSquare(neighbour(rect.dataset.square, e.key));
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      state.focus = rect.dataset.square;
      clickSquare(rect.dataset.square);
    }
  });
  $('board').addEventListener('click', (e) => {
    const target = e.target.closest('[data-square]');
    if (target) clickSquare(target.dataset.square);
  });
  document.addEventListener('keydown', (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.target.closest('input, textarea, select, #board')) return;
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
    const text = $('move-input').value.trim();
    if (!playing() || !state.legal || !text) return;
    if (gameEnded()) return say(gameOverText(), true);
    if (computer.refusal()) return say(computer.refusal(), true);
    if (state.ply !== state.plies) return say(t().goToEnd, true);
    const move = await readMove(text);
    if (!move) return;
    $('move-input').value = '';
    await tryMove(move.slice(0, 2), move.slice(2));
  });
  window.addEventListener('hashchange', loadFragment);
}

async function start() {
  state.lang = deskLang(navigator.language && navigator.language.slice(0, 2)) || state.lang;
  wire();
  computer = computerMode({
    state, entry, t, say, post, busy, sideName, gameEnded, gameOverText, afterMoves, fillForm, iccsTwin,
  });
  await loadRulesets();
  applyLanguage();
  applyMode();
  if (!(await loadFragment())) await review({ ruleset: defaultRuleset(), moves: [] }, 0);
  performance.mark('desk-ready');
}

start();
