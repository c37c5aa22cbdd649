//! An XQF writer, for test samples: we cannot download real XQStudio files, so we write them
//! as the format's description says (the layout `src/records/xqf.rs` documents, from
//! XQStudio's field list `XQFRW.pas` as the public readers quote it), independently of the
//! reader: its own FEN reading, its own piece slots, its own keys.
//!
//! * the 1,024-byte header: `XQ`, the version, the key bytes, the piece table (32 points
//!   `10 × file + rank`, 0xFF for a piece not on the board), who moves first, the result,
//!   and the text fields as Pascal short strings in GB18030;
//! * the move tree from byte 1,024, in preorder: the start's node, the main line, then the
//!   variation (an alternative to one main-line move, written after the whole main line it
//!   branches from), each node four bytes and its comment.
//!
//! Version `0x0A` (1.0) writes everything plain: the squares plus `0x18` and `0x20`, the
//! continuation and variation flags in the tag's high and low nibbles, a 32-bit comment length
//! after every node. Versions above it obfuscate: the piece table rotated (from `0x0C`) and
//! shifted by its key, the squares shifted by theirs, comment lengths by theirs, and every
//! byte of the tree by the 32-byte key of its offset. The header's key bytes are chosen so
//! that they sum to 0 mod 256, as XQStudio makes them.

use encoding_rs::GB18030;

/// A game to write as XQF.
#[derive(Debug, Clone, Default)]
pub struct XqfGame {
    /// The start, a FEN; its side to move goes to the header.
    pub fen: String,
    /// The main line, in ICCS.
    pub moves: Vec<String>,
    /// An alternative to main-line ply `.0` (1-based): its moves, in ICCS.
    pub variation: Option<(usize, Vec<String>)>,
    /// Comments on nodes: `(node, text)`, node 0 the start, node n after ply n of the main
    /// line.
    pub comments: Vec<(usize, String)>,
    /// Header texts by tag name: `Title`, `Event`, `Date`, `Site`, `Red`, `Black`, `Opening`.
    pub tags: Vec<(&'static str, String)>,
    /// The result byte: 0 unknown, 1 Red wins, 2 Black wins, 3 a draw.
    pub result: u8,
}

/// The header's key bytes: mask, the four "or" bytes, the piece table's, the from-square's and
/// the to-square's keys (the sum is made to fit).
#[derive(Debug, Clone, Copy)]
pub struct HeaderKeys {
    pub mask: u8,
    pub or: [u8; 4],
    pub xy: u8,
    pub xyf: u8,
    pub xyt: u8,
}

/// Keys of our choosing, all bits in play.
pub const KEYS: HeaderKeys = HeaderKeys {
    mask: 0xDB,
    or: [0x21, 0x46, 0x0C, 0x90],
    xy: 0x5D,
    xyf: 0xA7,
    xyt: 0x3C,
};

const TEXT_FIELDS: [(&str, usize, usize); 7] = [
    ("Title", 0x50, 64),
    ("Event", 0xD0, 64),
    ("Date", 0x110, 16),
    ("Site", 0x120, 16),
    ("Red", 0x130, 16),
    ("Black", 0x140, 16),
    ("Opening", 0x150, 64),
];

/// The slots of each role in the piece table (per side): rook, horse, elephant, advisor, king,
/// cannon, pawn, as FEN letters.
const SLOTS: [(char, &[usize]); 7] = [
    ('r', &[0, 8]),
    ('n', &[1, 7]),
    ('b', &[2, 6]),
    ('a', &[3, 5]),
    ('k', &[4]),
    ('c', &[9, 10]),
    ('p', &[11, 12, 13, 14, 15]),
];

/// `((((k² · 3 + 9) · 3 + 8) · 2 + 1) · 3 + 8) · by` mod 256.
fn stretch(k: u8, by: u8) -> u8 {
    let k = u64::from(k);
    (((((k * k * 3 + 9) * 3 + 8) * 2 + 1) * 3 + 8) * u64::from(by) % 256) as u8
}

/// The point (`10 × file + rank`) of an ICCS square such as `h2`.
fn point(square: &str) -> u8 {
    let b = square.as_bytes();
    (b[0] - b'a') * 10 + (b[1] - b'0')
}

/// The piece table of `fen`: 32 points, 0xFF for a slot with no piece.
fn table(fen: &str) -> [u8; 32] {
    let board = fen.split_whitespace().next().expect("a FEN");
    let mut table = [0xFF; 32];
    for (row, rank_text) in board.split('/').enumerate() {
        let rank = 9 - row as u8;
        let mut file = 0u8;
        for c in rank_text.chars() {
            if let Some(d) = c.to_digit(10) {
                file += d as u8;
                continue;
            }
            let role = match c.to_ascii_lowercase() {
                'h' => 'n',
                'e' => 'b',
                r => r,
            };
            let base = if c.is_ascii_uppercase() { 0 } else { 16 };
            let slots = SLOTS.iter().find(|(r, _)| *r == role).expect("a role").1;
            let slot = slots
                .iter()
                .map(|s| base + s)
                .find(|&s| table[s] == 0xFF)
                .expect("a free slot");
            table[slot] = file * 10 + rank;
            file += 1;
        }
    }
    table
}

/// A node of the tree as written: its move (none for the start), its flags, its comment.
struct Node {
    mv: Option<(u8, u8)>,
    next: bool,
    variation: bool,
    comment: Option<String>,
}

/// The nodes in preorder: the start, the main line, then the variation's moves.
fn nodes(game: &XqfGame) -> Vec<Node> {
    let comment = |n: usize| {
        game.comments
            .iter()
            .find(|(at, _)| *at == n)
            .map(|(_, c)| c.clone())
    };
    let mv = |m: &String| Some((point(&m[..2]), point(&m[2..])));
    let mut out = vec![Node {
        mv: None,
        next: !game.moves.is_empty(),
        variation: false,
        comment: comment(0),
    }];
    for (i, m) in game.moves.iter().enumerate() {
        out.push(Node {
            mv: mv(m),
            next: i + 1 < game.moves.len(),
            variation: game.variation.as_ref().is_some_and(|(at, _)| *at == i + 1),
            comment: comment(i + 1),
        });
    }
    if let Some((_, alt)) = &game.variation {
        for (i, m) in alt.iter().enumerate() {
            out.push(Node {
                mv: mv(m),
                next: i + 1 < alt.len(),
                variation: false,
                comment: (i == 0).then(|| "变着".to_owned()),
            });
        }
    }
    out
}

/// `game` as an XQF file of `version`, obfuscated with `keys` above version `0x0A`.
pub fn write(game: &XqfGame, version: u8, keys: HeaderKeys) -> Vec<u8> {
    let plain = version <= 0x0A;
    let mut out = vec![0u8; 0x400];
    out[..2].copy_from_slice(b"XQ");
    out[2] = version;
    // Derived keys (all 0 for the plain version).
    let (kxy, kf, kt, kcomment, stream) = if plain {
        (0, 0, 0, 0i64, None)
    } else {
        let sum = 0u8
            .wrapping_sub(keys.xy)
            .wrapping_sub(keys.xyf)
            .wrapping_sub(keys.xyt);
        out[3] = keys.mask;
        out[8..12].copy_from_slice(&keys.or);
        out[12] = sum;
        out[13] = keys.xy;
        out[14] = keys.xyf;
        out[15] = keys.xyt;
        let kxy = stretch(keys.xy, keys.xy);
        let kf = stretch(keys.xyf, kxy);
        let kt = stretch(keys.xyt, kf);
        let kcomment = (i64::from(sum) * 256 + i64::from(keys.xy)) % 32000 + 767;
        let masks = [
            (sum & keys.mask) | keys.or[0],
            (keys.xy & keys.mask) | keys.or[1],
            (keys.xyf & keys.mask) | keys.or[2],
            (keys.xyt & keys.mask) | keys.or[3],
        ];
        let text = b"[(C) Copyright Mr. Dong Shiwei.]";
        let mut stream = [0u8; 32];
        for i in 0..32 {
            stream[i] = text[i] & masks[i % 4];
        }
        (kxy, kf, kt, kcomment, Some(stream))
    };
    // The piece table: piece j stored at byte i with (i + key + 1) mod 32 = j from 0x0C.
    let pieces = table(&game.fen);
    for (j, &p) in pieces.iter().enumerate() {
        let i = if version >= 0x0C {
            (j + 64 - usize::from(kxy) % 32 - 1) % 32
        } else {
            j
        };
        out[16 + i] = p.wrapping_add(kxy);
    }
    let black = game.fen.split_whitespace().nth(1) == Some("b");
    out[0x32] = u8::from(black);
    out[0x33] = game.result;
    for (tag, value) in &game.tags {
        let (_, offset, room) = *TEXT_FIELDS
            .iter()
            .find(|(t, _, _)| t == tag)
            .expect("a text field");
        let (bytes, _, bad) = GB18030.encode(value);
        assert!(!bad && bytes.len() < room, "{tag}: {value}");
        out[offset] = bytes.len() as u8;
        out[offset + 1..offset + 1 + bytes.len()].copy_from_slice(&bytes);
    }
    // The tree, plain first.
    let mut tree = Vec::new();
    for node in nodes(game) {
        let (from, to) = node.mv.unwrap_or((0, 0));
        tree.push(from.wrapping_add(0x18).wrapping_add(kf));
        tree.push(to.wrapping_add(0x20).wrapping_add(kt));
        let comment = node.comment.map(|c| GB18030.encode(&c).0.into_owned());
        if plain {
            tree.push(if node.next { 0xF0 } else { 0 } | if node.variation { 0x0F } else { 0 });
            tree.push(0);
            let len = comment.as_ref().map_or(0, Vec::len) as i32;
            tree.extend(len.to_le_bytes());
        } else {
            let tag = if node.next { 0x80 } else { 0 }
                | if node.variation { 0x40 } else { 0 }
                | if comment.is_some() { 0x20 } else { 0 };
            tree.push(tag);
            tree.push(0);
            if let Some(c) = &comment {
                tree.extend(((c.len() as i64 + kcomment) as i32).to_le_bytes());
            }
        }
        tree.extend(comment.unwrap_or_default());
    }
    if let Some(stream) = stream {
        for (i, b) in tree.iter_mut().enumerate() {
            *b = b.wrapping_add(stream[(0x400 + i) % 32]);
        }
    }
    out.extend(tree);
    out
}
