// The desk's third mode: play against the computer (issue 34). The computer is the service's
// engine (POST /v1/engine/move), which the service keeps inside the law; this module only
// knows whose turn it is, asks for the computer's move and plays it as a move of the game, so
// the ruling, the banner (third occurrence, must change, loss) and the board are the desk's own,
// as in two-player mode. Its texts, controls and state are its own; the desk hands it the few
// functions it needs (`computerMode(desk)`), and calls back what it returns.

const TEXT = {
  vi: {
    computer: 'Chơi với máy', yourSide: 'Bạn cầm quân', level: 'Cấp độ',
    thinking: 'Máy đang nghĩ…', played: (m) => `Máy đi ${m}.`,
    leftOut: (m) => `Máy không được đi ${m}: theo luật, lặp lại nước đó sẽ bị xử thua.`,
    notYours: 'Đây là lượt của máy.',
  },
  en: {
    computer: 'Against the computer', yourSide: 'You play', level: 'Level',
    thinking: 'The computer is thinking…', played: (m) => `The computer played ${m}.`,
    leftOut: (m) => `The computer may not play ${m}: the law would rule that repetition against it.`,
    notYours: "It is the computer's turn.",
  },
  zh: {
    computer: '人机对弈', yourSide: '你执', level: '等级',
    thinking: '电脑正在思考……', played: (m) => `电脑走了 ${m}。`,
    leftOut: (m) => `电脑不能走 ${m}：按规则重复该着将被判负。`,
    notYours: '现在轮到电脑走棋。',
  },
};

const LEVELS = 10;
const other = (side) => (side === 'red' ? 'black' : 'red');
const $ = (id) => document.getElementById(id);

export function computerMode(desk) {
  const { state } = desk;
  const own = { side: 'black', level: 3, thinking: false }; // the computer's side
  const tx = () => desk.entry(TEXT, state.lang);
  const active = () => state.mode === 'computer';
  const toMove = () => state.legal && state.legal.position.side_to_move;
  const computersTurn = () => active() && state.legal && !desk.gameEnded() && toMove() === own.side;

  function applyLanguage() {
    for (const el of document.querySelectorAll('[data-tc]')) el.textContent = tx()[el.dataset.tc];
    for (const option of $('computer-you').options) option.textContent = desk.sideName(option.value);
  }

  // The computer's move, when it is its turn: asked of the service, played as a move of the
  // game, then the game is ruled on as after any move.
  async function maybeMove() {
    if (!computersTurn() || own.thinking) return;
    own.thinking = true;
    desk.busy(true);
    desk.say(tx().thinking);
    const game = state.game;
    const res = await desk.post('/v1/engine/move', { ...game, level: own.level, lang: state.lang });
    own.thinking = false;
    if (!res.ok || state.game !== game) {
      desk.busy(false);
      if (!res.ok) desk.say(res.data.detail || String(res.data), true);
      return;
    }
    game.moves.push(res.data.iccs);
    await desk.afterMoves();
    const notes = [tx().played(res.data.move)];
    const left = res.data.left_out.map((m) => m.move);
    if (left.length) notes.push(tx().leftOut(left.join(', ')));
    if (!desk.gameEnded()) notes.push(desk.t().toMove(desk.sideName(toMove())));
    else notes.push(desk.gameOverText());
    desk.say(notes.join(' '));
  }

  // The game handed to the computer from the ply on the board: a list of ICCS moves keeps
  // its moves up to there (the repetitions count), anything else as its ICCS twin up to
  // there (the moves the service read, desk.iccsTwin). A game under way is handed over: the
  // computer takes the side to move; at its start, the player moves first.
  async function enter() {
    const g = state.game;
    const svg = document.querySelector('#board svg');
    const iccsList = g.moves && (!g.notation || g.notation === 'iccs') && !(state.illegal && state.ply >= state.plies);
    if (iccsList) {
      state.game = { ruleset: g.ruleset, moves: g.moves.slice(0, state.ply) };
      if (g.fen) state.game.fen = g.fen;
    } else {
      state.game = await desk.iccsTwin(Math.min(state.ply, state.read.length));
    }
    const side = svg && svg.dataset.fen ? (svg.dataset.fen.split(/\s+/)[1] === 'b' ? 'black' : 'red') : 'red';
    own.side = state.ply > 0 ? side : other(side);
    $('computer-you').value = other(own.side);
    desk.fillForm(state.game);
    await desk.afterMoves();
  }

  // Undo takes back a pair: the computer's reply and the move before it, so it is the
  // player's turn again (one move only when the game ended on the player's own move).
  async function undo() {
    const moves = state.game.moves;
    if (!moves || !moves.length || own.thinking || !state.legal) return;
    const popped = other(toMove());
    moves.pop();
    if (popped === own.side && moves.length) moves.pop();
    await desk.afterMoves();
  }

  // Why a move of the player's may not be made now, or null.
  const refusal = () => (active() && (own.thinking || toMove() === own.side) ? tx().notYours : null);

  const you = $('computer-you');
  you.replaceChildren(...['red', 'black'].map((s) => new Option(s, s)));
  you.value = other(own.side);
  you.addEventListener('change', async () => {
    own.side = other(you.value);
    await maybeMove();
  });
  const level = $('computer-level');
  level.replaceChildren(...Array.from({ length: LEVELS }, (_, i) => new Option(String(i + 1), String(i + 1))));
  level.value = String(own.level);
  level.addEventListener('change', () => { own.level = Number(level.value); });

  return { applyLanguage, maybeMove, enter, undo, refusal };
}
