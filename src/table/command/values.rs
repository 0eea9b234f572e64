//! The values of `settings` (issue 29): a reminder interval and quiet hours, read as the
//! command is parsed, with the bounds a table may set.

use super::{Expected, ParseError};

/// The shortest interval a table may set (seconds): one hour.
pub const MIN_REMIND_S: u32 = 3600;
/// The longest interval a table may set (seconds): fourteen days.
pub const MAX_REMIND_S: u32 = 14 * 24 * 3600;

fn bad(option: &str, value: &str, expected: Expected) -> ParseError {
    ParseError::BadValue {
        option: option.into(),
        value: value.into(),
        expected,
    }
}

fn is_off(v: &str) -> bool {
    matches!(
        v.trim().to_lowercase().as_str(),
        "off" | "no" | "none" | "выкл" | "нет"
    )
}

/// Reads a reminder interval: `12h`, `90m`, `2d`, `1d12h` (Russian `12ч`, `90м`, `2д`), a bare
/// number of hours, or `off`. `Ok(None)`: off. Out of [`MIN_REMIND_S`]..=[`MAX_REMIND_S`] or
/// unreadable: refused with what is allowed.
pub fn parse_interval(text: &str) -> Result<Option<u32>, ParseError> {
    let refuse = || {
        bad(
            "remind",
            text,
            Expected::Interval {
                min_s: MIN_REMIND_S,
                max_s: MAX_REMIND_S,
            },
        )
    };
    let v = text.trim().to_lowercase();
    if is_off(&v) {
        return Ok(None);
    }
    if v.is_empty() {
        return Err(refuse());
    }
    let mut total: u64 = 0;
    let mut digits = String::new();
    let mut any_unit = false;
    for c in v.chars().filter(|c| !c.is_whitespace()) {
        if c.is_ascii_digit() {
            digits.push(c);
            if digits.len() > 6 {
                return Err(refuse());
            }
            continue;
        }
        let unit: u64 = match c {
            'd' | 'д' => 86_400,
            'h' | 'ч' => 3600,
            'm' | 'м' => 60,
            _ => return Err(refuse()),
        };
        let n: u64 = digits.parse().map_err(|_| refuse())?;
        digits.clear();
        total += n * unit;
        any_unit = true;
    }
    if !digits.is_empty() {
        if any_unit {
            return Err(refuse());
        }
        total = digits.parse::<u64>().map_err(|_| refuse())? * 3600;
    }
    match u32::try_from(total) {
        Ok(s) if (MIN_REMIND_S..=MAX_REMIND_S).contains(&s) => Ok(Some(s)),
        _ => Err(refuse()),
    }
}

/// Reads quiet hours: `22-7` or `22:00-07:00` (UTC, start to end, wrapping past midnight), or
/// `off`. `Ok(None)`: none. Equal ends or hours past 23 are refused.
pub fn parse_quiet(text: &str) -> Result<Option<(u8, u8)>, ParseError> {
    let refuse = || bad("quiet", text, Expected::QuietHours);
    let v = text.trim();
    if is_off(v) {
        return Ok(None);
    }
    let (a, b) = v.split_once(['-', '–']).ok_or_else(refuse)?;
    let hour = |s: &str| -> Result<u8, ParseError> {
        let s = s.trim();
        let h = s.strip_suffix(":00").unwrap_or(s);
        match h.parse::<u8>() {
            Ok(h) if h <= 23 => Ok(h),
            _ => Err(refuse()),
        }
    };
    let (a, b) = (hour(a)?, hour(b)?);
    if a == b {
        return Err(refuse());
    }
    Ok(Some((a, b)))
}
