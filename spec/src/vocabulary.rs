//! [`vocabulary!`](crate::vocabulary), the one macro that declares a wire
//! vocabulary, and what every vocabulary it declares has in common.
//!
//! A vocabulary is a closed set of words that crosses the wire or a file
//! (a move kind, a ruling reason, an illegal-move code …). Declaring it
//! once gives the enum, its wire name, the list of every value, parsing
//! with an error that names the allowed words, `Display`, serde as the wire
//! name, and the JSON-schema `enum`; no list of the words is kept anywhere
//! else by hand.

use std::fmt;

/// What every vocabulary declared with [`vocabulary!`](crate::vocabulary)
/// offers, for code that works on any of them (the schema, the docs test).
pub trait Vocabulary: Copy + Eq + fmt::Debug + fmt::Display + 'static {
    /// What one value is called in messages: `move kind`.
    const WHAT: &'static str;
    /// Every value, in declaration order.
    const ALL: &'static [Self];
    /// Every wire name, in the order of [`Vocabulary::ALL`].
    const NAMES: &'static [&'static str];
    /// The wire name.
    fn name(self) -> &'static str;
    /// The value a wire name (or an accepted alias) names.
    fn from_name(s: &str) -> Option<Self>;
    /// The JSON schema of the wire form: `{"type": "string", "enum": […]}`.
    #[must_use]
    fn json_schema() -> serde_json::Value {
        serde_json::json!({ "type": "string", "enum": Self::NAMES })
    }
}

/// A word that is not in a vocabulary: which vocabulary, the word, and the
/// words allowed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownWord {
    /// What a value is called: `move kind`.
    pub what: &'static str,
    /// The word given.
    pub found: String,
    /// The words allowed.
    pub allowed: &'static [&'static str],
}

impl fmt::Display for UnknownWord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown {} {:?} (expected ", self.what, cut(&self.found))?;
        for (i, word) in self.allowed.iter().enumerate() {
            if i > 0 {
                f.write_str(if i + 1 == self.allowed.len() {
                    " or "
                } else {
                    ", "
                })?;
            }
            f.write_str(word)?;
        }
        f.write_str(")")
    }
}

impl std::error::Error for UnknownWord {}

/// How many characters of an outside text xq-spec's messages quote (an
/// unknown word, a reply's wrong value); a longer one is cut and marked.
///
/// xq-core's `excerpt::quote` is the workspace's bounded quotation, but
/// xq-spec depends on nothing of the workspace, so its messages cut here, in
/// this one place.
pub const QUOTED_CHARS: usize = 60;

/// `s` whole if it has at most [`QUOTED_CHARS`] characters, else its first
/// ones and `…`: a word read from a 10 MB file must not be echoed whole.
/// Public so that a reader pointing at a refused word can find it in the
/// message as the message quotes it.
#[must_use]
pub fn cut(s: &str) -> std::borrow::Cow<'_, str> {
    match s.char_indices().nth(QUOTED_CHARS) {
        None => s.into(),
        Some((end, _)) => format!("{}…", &s[..end]).into(),
    }
}

/// Declares a wire vocabulary once:
///
/// ```
/// xq_spec::vocabulary! {
///     /// A colour of the example.
///     pub enum Hue: "hue" {
///         /// Red.
///         Red = "red",
///         /// Dark blue; `navy` is read as well.
///         DarkBlue = "dark-blue" | "navy",
///     }
/// }
/// use xq_spec::Vocabulary;
/// assert_eq!(Hue::DarkBlue.to_string(), "dark-blue");
/// assert_eq!("navy".parse::<Hue>(), Ok(Hue::DarkBlue));
/// assert_eq!(Hue::NAMES, ["red", "dark-blue"]);
/// assert_eq!(serde_json::to_string(&Hue::Red).unwrap(), "\"red\"");
/// let e = "green".parse::<Hue>().unwrap_err();
/// assert_eq!(e.to_string(), "unknown hue \"green\" (expected red or dark-blue)");
/// ```
///
/// The enum gets `Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord`
/// (ordered as declared), [`Vocabulary`], `Display`/`FromStr` and serde as
/// the wire name; attributes before `pub enum` (docs, `#[non_exhaustive]`)
/// are kept. Words after `|` are aliases: read, never written, not in the
/// schema. `any_case` after the description makes reading ignore ASCII
/// case.
#[macro_export]
macro_rules! vocabulary {
    (
        $(#[$attr:meta])*
        pub enum $name:ident : $what:literal $(, $any_case:ident)? {
            $( $(#[$vattr:meta])* $variant:ident = $wire:literal $(| $alias:literal)* ),* $(,)?
        }
    ) => {
        $(#[$attr])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $name {
            $( $(#[$vattr])* $variant, )*
        }

        impl $name {
            /// Every value, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$variant,)*];
            /// Every wire name, in the order of `ALL`.
            pub const NAMES: &'static [&'static str] = &[$($wire,)*];

            /// The wire name.
            pub const fn name(self) -> &'static str {
                match self {
                    $($name::$variant => $wire,)*
                }
            }

            /// The value a wire name (or an accepted alias) names.
            pub fn from_name(s: &str) -> Option<$name> {
                $crate::vocabulary!(@fold $($any_case)? s);
                match s {
                    $($wire $(| $alias)* => Some($name::$variant),)*
                    _ => None,
                }
            }
        }

        impl $crate::Vocabulary for $name {
            const WHAT: &'static str = $what;
            const ALL: &'static [$name] = $name::ALL;
            const NAMES: &'static [&'static str] = $name::NAMES;
            fn name(self) -> &'static str {
                $name::name(self)
            }
            fn from_name(s: &str) -> Option<$name> {
                $name::from_name(s)
            }
        }

        impl $crate::RustLiteral for $name {
            fn rust(&self) -> String {
                match self {
                    $($name::$variant => concat!(stringify!($name), "::", stringify!($variant)).to_string(),)*
                }
            }
        }

        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl ::std::str::FromStr for $name {
            type Err = $crate::UnknownWord;
            fn from_str(s: &str) -> Result<$name, $crate::UnknownWord> {
                $name::from_name(s).ok_or_else(|| $crate::UnknownWord {
                    what: $what,
                    found: s.to_string(),
                    allowed: $name::NAMES,
                })
            }
        }

        impl $crate::__serde::Serialize for $name {
            fn serialize<S: $crate::__serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.name())
            }
        }

        impl<'de> $crate::__serde::Deserialize<'de> for $name {
            fn deserialize<D: $crate::__serde::Deserializer<'de>>(d: D) -> Result<$name, D::Error> {
                struct Visitor;
                impl $crate::__serde::de::Visitor<'_> for Visitor {
                    type Value = $name;
                    fn expecting(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                        f.write_str($what)
                    }
                    fn visit_str<E: $crate::__serde::de::Error>(self, v: &str) -> Result<$name, E> {
                        v.parse().map_err(E::custom)
                    }
                }
                d.deserialize_str(Visitor)
            }
        }
    };
    (@fold any_case $s:ident) => {
        let folded = $s.to_ascii_lowercase();
        let $s = folded.as_str();
    };
    (@fold $s:ident) => {};
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unknown_word_is_quoted_at_a_bounded_length() {
        let long = "x".repeat(10_000);
        let e = UnknownWord {
            what: "move kind",
            found: long,
            allowed: &["chase", "idle"],
        };
        let text = e.to_string();
        assert_eq!(
            text,
            format!(
                "unknown move kind \"{}…\" (expected chase or idle)",
                "x".repeat(60)
            )
        );
        let short = UnknownWord {
            what: "move kind",
            found: "捉子".into(),
            allowed: &["chase"],
        };
        assert_eq!(
            short.to_string(),
            "unknown move kind \"捉子\" (expected chase)"
        );
    }
}
