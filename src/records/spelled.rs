//! Vietnamese moves spelled out in words, as Vietnamese books and forums print them
//! (`1. Pháo 2 bình 5, Mã 8 tấn 7`), folded to the VN notation of
//! [`crate::xiangqi::notation::vn`] (`P2-5`, `M8.7`) before the move is read.
//!
//! A spelled-out move is four words: the piece, its file or which of two (or three) pieces
//! on the file, the action, and a number 1-9:
//! - pieces: Tướng (king, `Tg`), Sĩ or Sỹ (advisor, `S`), Tượng or, in the South, Tịnh
//!   (elephant, `T`), Xe (rook, `X`), Pháo (cannon, `P`), Mã (horse, `M`), Tốt, Binh or Chốt
//!   (pawn, `B`);
//! - which piece: trước (front, `t`), sau (rear, `s`), giữa (middle, `g`);
//! - actions: tấn or tiến (forward, `.`), thoái or lui (backward, `/`), bình (sideways, `-`).
//!
//! Words are read in any case, and with their marks precomposed (NFC, what keyboards and
//! web pages give) or decomposed (NFD, what some PDF copies and the "Unicode tổ hợp" input
//! give): only the letters these words hold are decomposed for comparing, so no
//! normalization table is needed. Words without their marks are not read: `tuong` could be
//! the king or an elephant, `binh` a pawn or bình.

/// The VN letters of a spelled-out piece word (`Pháo` is `P`), if it is one.
pub fn piece(word: &str) -> Option<&'static str> {
    const PIECES: [(&str, &str); 11] = [
        ("tướng", "Tg"),
        ("sĩ", "S"),
        ("sỹ", "S"),
        ("tượng", "T"),
        ("tịnh", "T"),
        ("xe", "X"),
        ("pháo", "P"),
        ("mã", "M"),
        ("tốt", "B"),
        ("binh", "B"),
        ("chốt", "B"),
    ];
    find(&PIECES, word)
}

/// The VN move that the words after a piece word spell (`2`, `bình`, `5` after `Pháo`:
/// `P2-5`), if they spell one.
pub fn fold(letters: &str, which: &str, action: &str, number: &str) -> Option<String> {
    const MARKERS: [(&str, &str); 3] = [("trước", "t"), ("sau", "s"), ("giữa", "g")];
    const ACTIONS: [(&str, &str); 5] = [
        ("tấn", "."),
        ("tiến", "."),
        ("thoái", "/"),
        ("lui", "/"),
        ("bình", "-"),
    ];
    let which = digit(which).or_else(|| find(&MARKERS, which))?;
    let action = find(&ACTIONS, action)?;
    let number = digit(number)?;
    Some(format!("{letters}{which}{action}{number}"))
}

/// `word` if it is one digit 1-9.
fn digit(word: &str) -> Option<&str> {
    matches!(word.as_bytes(), [b'1'..=b'9']).then_some(word)
}

/// The value of the first word of `table` that `word` is.
///
/// Every token of a record is asked whether it is a piece word, so a word that starts with
/// no table word's first letter (every one is an ASCII letter), or is too long to be one, is
/// refused before anything is lowered or decomposed, as is one with an ASCII character that
/// is not a letter (`C2=5`: no table word holds one). Lowering every token took 40% of the
/// CLI's time on a file of ICCS, WXF and Chinese games (docs/performance.md).
fn find(table: &[(&str, &'static str)], word: &str) -> Option<&'static str> {
    let first = word.as_bytes().first()?.to_ascii_lowercase();
    if word
        .bytes()
        .any(|b| b.is_ascii() && !b.is_ascii_alphabetic())
    {
        return None;
    }
    // A word decomposed (NFD) takes at most three times the bytes of its letters.
    let longest = table.iter().map(|(spelled, _)| spelled.len()).max()?;
    let candidates = table
        .iter()
        .filter(|(spelled, _)| spelled.as_bytes()[0] == first);
    if word.len() > 3 * longest || candidates.clone().next().is_none() {
        return None;
    }
    let word = key(word);
    candidates
        .clone()
        .find(|(spelled, _)| key(spelled) == word)
        .map(|&(_, value)| value)
}

/// `word` in lower case, the letters with marks that the words above hold decomposed as
/// NFD decomposes them (`ớ` is `o`, horn, acute), so that a word compares equal whether it
/// was written precomposed, decomposed, or half and half.
fn key(word: &str) -> String {
    let mut out = String::with_capacity(word.len() * 2);
    for c in word.chars().flat_map(char::to_lowercase) {
        let decomposed = match c {
            'ư' => "u\u{31b}",
            'ơ' => "o\u{31b}",
            'ô' => "o\u{302}",
            'â' => "a\u{302}",
            'ê' => "e\u{302}",
            'ớ' => "o\u{31b}\u{301}",
            'ợ' => "o\u{31b}\u{323}",
            'ữ' => "u\u{31b}\u{303}",
            'ố' => "o\u{302}\u{301}",
            'ấ' => "a\u{302}\u{301}",
            'ế' => "e\u{302}\u{301}",
            'á' => "a\u{301}",
            'ã' => "a\u{303}",
            'ĩ' => "i\u{303}",
            'ỹ' => "y\u{303}",
            'ì' => "i\u{300}",
            'ị' => "i\u{323}",
            c => {
                out.push(c);
                continue;
            }
        };
        out.push_str(decomposed);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spelled_moves_fold_to_vn_notation() {
        let spelled = |p: &str, w: &str, a: &str, n: &str| fold(piece(p)?, w, a, n);
        assert_eq!(spelled("Pháo", "2", "bình", "5").as_deref(), Some("P2-5"));
        assert_eq!(spelled("Mã", "8", "tấn", "7").as_deref(), Some("M8.7"));
        assert_eq!(spelled("XE", "1", "TIẾN", "1").as_deref(), Some("X1.1"));
        assert_eq!(spelled("Tướng", "5", "bình", "4").as_deref(), Some("Tg5-4"));
        assert_eq!(spelled("Tượng", "3", "tấn", "5").as_deref(), Some("T3.5"));
        assert_eq!(
            spelled("Pháo", "trước", "thoái", "2").as_deref(),
            Some("Pt/2")
        );
        assert_eq!(spelled("Tốt", "giữa", "bình", "4").as_deref(), Some("Bg-4"));
        assert_eq!(spelled("Pháo", "2", "bình", "10"), None);
        assert_eq!(
            spelled("Pháo", "2", "binh", "5"),
            None,
            "binh is a pawn, not bình"
        );
        assert_eq!(piece("Phao"), None);
    }

    #[test]
    fn decomposed_and_precomposed_words_are_the_same_word() {
        // Tướng in NFD (u, horn; o, horn, acute), and half and half (ư precomposed, the
        // acute apart), as the "tổ hợp" input writes it.
        assert_eq!(piece("Tu\u{31b}o\u{31b}\u{301}ng"), Some("Tg"));
        assert_eq!(piece("T\u{1b0}\u{1a1}\u{301}ng"), Some("Tg"));
        assert_eq!(piece("Tu\u{31b}o\u{31b}\u{323}ng"), Some("T"));
        assert_eq!(
            fold("P", "2", "bi\u{300}nh", "5").as_deref(),
            Some("P2-5"),
            "bình decomposed"
        );
    }
}
