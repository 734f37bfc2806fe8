//! The clause registry as `spec/clauses.yaml` writes it ([`RegistryFile`],
//! how a suite's registry is read at run time), and its words: a clause's
//! status, and the typed article references it cites per edition, which
//! render in Chinese and English. Shared by `build.rs` (which reads the
//! crate's own registry with it and checks every reference) and the crate.

use std::collections::BTreeMap;

use serde::Deserialize;

crate::vocabulary! {
    /// Whether the suite tests a clause now.
    pub enum ClauseStatus: "clause status" {
        /// Tested now: needs at least three cases, one of them a "no".
        Active = "active",
        /// Defined; its cases come with later work.
        Pending = "pending",
        /// No longer in force. Ids are never deleted or reused.
        Withdrawn = "withdrawn",
    }
}

crate::vocabulary! {
    /// What an article reference points at, as `spec/clauses.yaml` writes
    /// it before the number (`figure 7`, `rule 32`; a bare number is an
    /// article).
    #[non_exhaustive]
    pub enum ArticleKind: "article kind" {
        /// CXA: an article number, `24.3`, written bare.
        Article = "article",
        /// CXA 2020: a 棋例图 of ch. 8, `figure 7`.
        Figure = "figure",
        /// CXA 2020: a 棋例参考图 of ch. 9, `ref-figure 5`.
        RefFigure = "ref-figure",
        /// CXA 1999: a figure of the 细则, `detail 9`.
        Detail = "detail",
        /// AXF: one of the 40 rules (English-draft numbering), `rule 32`.
        Rule = "rule",
        /// AXF and WXF: one of the diagrams, `diagram 76`.
        Diagram = "diagram",
        /// AXF (the Chinese text): a term of 术语解释, `term 10`.
        Term = "term",
        /// AXF (the Chinese text): a clause of 胜负和之判决, `result 1.A`.
        Result = "result",
        /// AXF (the Chinese text): a clause of the 棋例总纲, `outline 6`.
        Outline = "outline",
        /// AXF (the Chinese text): an arbiter's duty, `arbiter 6.G`.
        Arbiter = "arbiter",
        /// AXF (the Chinese text): a clause of 犯规, `foul 5`.
        Foul = "foul",
        /// WXF: a general rule, `general rule 3`.
        GeneralRule = "general rule",
    }
}

/// One article reference: what it points at, and its number as the edition
/// writes it (`24.3`, `7`, `1.A`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Article {
    /// What kind of place it points at.
    pub kind: ArticleKind,
    /// The number.
    pub number: &'static str,
}

/// Splits a reference as the registry writes it (`figure 7`, `24.3`) into
/// its kind and number; `None` if the kind is unknown or the number empty.
#[must_use]
pub fn split_reference(text: &str) -> Option<(ArticleKind, &str)> {
    let (kind, number) = match text.rsplit_once(' ') {
        Some((kind, number)) => (ArticleKind::from_name(kind)?, number),
        None => (ArticleKind::Article, text),
    };
    let numbered = !number.is_empty() && number.starts_with(|c: char| c.is_ascii_digit());
    (numbered && !(kind == ArticleKind::Article && text.contains(' '))).then_some((kind, number))
}

impl Article {
    /// The reference in English, as the registry writes it: `24.3`,
    /// `figure 7`, `rule 32`.
    #[must_use]
    pub fn en(&self) -> String {
        match self.kind {
            ArticleKind::Article => self.number.to_string(),
            kind => format!("{} {}", kind.name(), self.number),
        }
    }

    /// The reference in Chinese: `24.3`, `图7`, `参考图5`, `第32条`,
    /// `棋例总纲第6条` …
    #[must_use]
    pub fn zh(&self) -> String {
        let n = self.number;
        match self.kind {
            ArticleKind::Article => n.to_string(),
            ArticleKind::Figure | ArticleKind::Diagram => format!("图{n}"),
            ArticleKind::RefFigure => format!("参考图{n}"),
            ArticleKind::Detail => format!("细则图{n}"),
            ArticleKind::Rule => format!("第{n}条"),
            ArticleKind::Term => format!("术语解释第{n}条"),
            ArticleKind::Result => format!("胜负和之判决{n}"),
            ArticleKind::Outline => format!("棋例总纲第{n}条"),
            ArticleKind::Arbiter => format!("裁判员之职责{n}"),
            ArticleKind::Foul => format!("犯规第{n}条"),
            ArticleKind::GeneralRule => format!("通则第{n}条"),
        }
    }
}

impl std::fmt::Display for Article {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.en())
    }
}

/// One clause as `spec/clauses.yaml` writes it .
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClauseRecord {
    /// The stable id.
    pub id: String,
    /// The family.
    pub family: String,
    /// The rule term in Chinese.
    pub term: String,
    /// A short English title.
    pub title: String,
    /// What the clause says.
    pub statement: String,
    /// Per edition id, the article references (`24.3`, `figure 2`).
    #[serde(default)]
    pub articles: BTreeMap<String, Vec<String>>,
    /// Whether the suite tests it now.
    pub status: ClauseStatus,
    /// Doubts and remarks.
    #[serde(default)]
    pub note: Option<String>,
}

/// The registry file.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RegistryFile {
    /// Every clause, in registry order.
    pub clauses: Vec<ClauseRecord>,
}
