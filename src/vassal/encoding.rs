//! VASSAL's two text encodings: the delimited sequences every piece, command and trait is
//! written in, and the simple obfuscation of a saved game.
//!
//! A sequence is its items joined by one delimiter character; a delimiter inside an item is
//! written with a backslash before it, and an item that begins with a backslash (or is wrapped in
//! single quotes already) is wrapped in single quotes. Nested sequences (a piece's traits, a
//! command's sub-commands) escape their delimiters once more per level.
//!
//! The obfuscation (VASSAL 3.2 to 3.7) is the text `!VCSK`, one key byte as two hex digits, then
//! every byte XORed with the key, as two hex digits.

use super::VassalError;

/// The header of an obfuscated saved game.
pub const OBFUSCATION_HEADER: &str = "!VCSK";

/// Separator between the commands of a saved game (the escape character).
pub const COMMAND_SEPARATOR: char = '\u{1b}';

/// Splits `s` at `delim` the way VASSAL reads its sequences. An empty text is one empty item.
pub fn split(s: &str, delim: char) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut prev_backslash = false;
    for ch in s.chars() {
        if ch == delim {
            if prev_backslash {
                // an escaped delimiter: drop the backslash, keep the delimiter
                cur.pop();
                cur.push(ch);
                prev_backslash = false;
                continue;
            }
            out.push(unquote(std::mem::take(&mut cur)));
        } else {
            cur.push(ch);
            prev_backslash = ch == '\\';
            continue;
        }
        prev_backslash = false;
    }
    out.push(unquote(cur));
    out
}

fn unquote(s: String) -> String {
    if s.len() > 1 && s.starts_with('\'') && s.ends_with('\'') {
        s[1..s.len() - 1].to_string()
    } else {
        s
    }
}

/// Joins items into one sequence the way VASSAL writes them (the inverse of [`split`]).
pub fn join<I, S>(items: I, delim: char) -> String
where
    I: IntoIterator<Item = S>,
    S: AsRef<str>,
{
    let mut out = String::new();
    for (i, item) in items.into_iter().enumerate() {
        if i > 0 {
            out.push(delim);
        }
        let s = item.as_ref();
        let quote =
            s.starts_with('\\') || (s.len() > 1 && s.starts_with('\'') && s.ends_with('\''));
        if quote {
            out.push('\'');
        }
        for ch in s.chars() {
            if ch == delim {
                out.push('\\');
            }
            out.push(ch);
        }
        if quote {
            out.push('\'');
        }
    }
    out
}

/// Splits a saved game's text into its single commands, opening nested command lists.
pub fn commands(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    flatten(text, &mut out, 0);
    out
}

fn flatten(s: &str, out: &mut Vec<String>, depth: usize) {
    let parts = split(s, COMMAND_SEPARATOR);
    if parts.len() == 1 || depth > 64 {
        out.push(s.to_string());
        return;
    }
    for p in parts {
        if p.contains(COMMAND_SEPARATOR) {
            flatten(&p, out, depth + 1);
        } else if !p.is_empty() {
            out.push(p);
        }
    }
}

/// Reads a saved game's bytes: obfuscated (`!VCSK…`) or plain text. Anything else — for
/// instance a compressed saved game of a VASSAL newer than this reader knows — is refused.
pub fn deobfuscate(bytes: &[u8]) -> Result<String, VassalError> {
    let header = OBFUSCATION_HEADER.as_bytes();
    if let Some(rest) = bytes.strip_prefix(header) {
        if rest.len() < 2 || rest.len() % 2 != 0 {
            return Err(VassalError::Format(
                "the saved game is cut short (an obfuscated saved game holds pairs of hex digits)"
                    .into(),
            ));
        }
        let key = hex_pair(rest[0], rest[1])?;
        let mut plain = Vec::with_capacity(rest.len() / 2);
        for pair in rest[2..].chunks_exact(2) {
            plain.push(hex_pair(pair[0], pair[1])? ^ key);
        }
        return String::from_utf8(plain)
            .map_err(|_| VassalError::Format("the saved game is not UTF-8 text".into()));
    }
    if bytes.starts_with(b"!V") || bytes.starts_with(&[0xFD, b'7', b'z', b'X', b'Z']) {
        let shown: String = bytes
            .iter()
            .take(5)
            .map(|&b| {
                if b.is_ascii_graphic() {
                    (b as char).to_string()
                } else {
                    format!("\\x{b:02x}")
                }
            })
            .collect();
        return Err(VassalError::Format(format!(
            "the saved game is written in a format this vqbot does not know (it begins `{shown}`); \
             known: `{OBFUSCATION_HEADER}` (VASSAL 3.2 to 3.7) and plain text. Open the game in \
             VASSAL and save it with a version that writes `{OBFUSCATION_HEADER}`"
        )));
    }
    String::from_utf8(bytes.to_vec())
        .map_err(|_| VassalError::Format("the saved game is neither obfuscated nor text".into()))
}

fn hex_pair(a: u8, b: u8) -> Result<u8, VassalError> {
    let d = |c: u8| -> Result<u8, VassalError> {
        match c {
            b'0'..=b'9' => Ok(c - b'0'),
            b'a'..=b'f' => Ok(c - b'a' + 10),
            b'A'..=b'F' => Ok(c - b'A' + 10),
            _ => Err(VassalError::Format(format!(
                "the obfuscated saved game holds `{}` where a hex digit belongs",
                c as char
            ))),
        }
    };
    Ok((d(a)? << 4) | d(b)?)
}

/// Obfuscates a saved game's text with `key`, as VASSAL 3.2 to 3.7 write it.
pub fn obfuscate(text: &str, key: u8) -> Vec<u8> {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut out = Vec::with_capacity(7 + text.len() * 2);
    out.extend_from_slice(OBFUSCATION_HEADER.as_bytes());
    for b in std::iter::once(key).chain(text.bytes().map(|b| b ^ key)) {
        out.push(HEX[(b >> 4) as usize]);
        out.push(HEX[(b & 15) as usize]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_and_join_are_inverse_with_escapes_and_quotes() {
        let items = ["a;b", "", "\\x", "'q'", "plain"];
        let s = join(items, ';');
        assert_eq!(s, "a\\;b;;'\\x';''q'';plain");
        assert_eq!(split(&s, ';'), items);
        assert_eq!(split("", ';'), vec![String::new()]);
    }

    #[test]
    fn nested_commands_open() {
        let inner = join(["", "+/1/a/b", "+/2/c/d"], COMMAND_SEPARATOR);
        let outer = join(["begin_save", &inner, "end_save"], COMMAND_SEPARATOR);
        assert_eq!(
            commands(&outer),
            vec!["begin_save", "+/1/a/b", "+/2/c/d", "end_save"]
        );
    }

    #[test]
    fn obfuscation_round_trip_and_refusals() {
        let o = obfuscate("begin_save\u{1b}end_save", 0x5a);
        assert!(o.starts_with(b"!VCSK5a"));
        assert_eq!(deobfuscate(&o).unwrap(), "begin_save\u{1b}end_save");
        assert_eq!(deobfuscate(b"begin_save").unwrap(), "begin_save");
        let e = deobfuscate(b"!VOXZ\x01\x02").unwrap_err().to_string();
        assert!(e.contains("does not know"), "{e}");
        let e = deobfuscate(b"!VCSK5azz").unwrap_err().to_string();
        assert!(e.contains("hex digit"), "{e}");
    }
}
