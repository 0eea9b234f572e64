//! The languages the bot speaks.

/// Language of a game's messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub enum Locale {
    /// English.
    #[default]
    En = 0,
    /// Russian.
    Ru = 1,
}

impl Locale {
    /// `en` / `ru` (any case); `None` for anything else.
    pub fn parse(s: &str) -> Option<Locale> {
        match s.trim().to_lowercase().as_str() {
            "en" | "english" => Some(Locale::En),
            "ru" | "russian" | "рус" | "русский" => Some(Locale::Ru),
            _ => None,
        }
    }
    /// The stored code.
    pub fn code(self) -> &'static str {
        match self {
            Locale::En => "en",
            Locale::Ru => "ru",
        }
    }
    /// The English or Russian text.
    pub fn pick<'a>(self, en: &'a str, ru: &'a str) -> &'a str {
        match self {
            Locale::En => en,
            Locale::Ru => ru,
        }
    }
}
