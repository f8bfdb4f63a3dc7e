//! The shapes of the content kinds that are fixed lists rather than one item
//! a day: the worship page's hymns, the guided meditation and prayer
//! sessions (a premium one's script for members only), the prayer journal's
//! prompts and the recipe ideas.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// A public-domain hymn on the worship page: a few well-known lines of its
/// words (published before 1929), who wrote them and when, and a prayer.
#[derive(Debug, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct WorshipSong {
    id: String,
    title: String,
    author: String,
    /// The year the author died; absent when it is not recorded (an
    /// anonymous text, or an author born long before 1855). The content tests
    /// require it to be before 1955, so the words are public domain worldwide.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    author_died: Option<u16>,
    /// For a translation, the year its last translator died (before 1955).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    translator_died: Option<u16>,
    /// The year the words were written (or, for a translation, translated).
    year: u16,
    theme: String,
    key_lines: Vec<String>,
    prayer: String,
    /// A KJV passage the hymn draws on.
    scripture: String,
}

/// A guided meditation: a KJV verse (checked against the KJV by the content
/// tests), a script to read or hear, and a timer length. Field names and
/// types are the spec's (part 2 section 3).
#[derive(Debug, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MeditationSession {
    id: String,
    title: String,
    description: String,
    category: String,
    /// Minutes.
    duration: u16,
    verse_reference: String,
    bible_verse: String,
    /// Sent only to premium members when `is_premium` is 1 (null to others).
    #[ts(type = "string | null")]
    script_content: Option<String>,
    tags: Vec<String>,
    #[serde(deserialize_with = "premium_flag")]
    is_premium: u8,
}

/// A guided prayer session: as a meditation, with the kind of prayer.
#[derive(Debug, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PrayerSession {
    id: String,
    title: String,
    description: String,
    category: String,
    prayer_type: String,
    /// Minutes.
    duration: u16,
    verse_reference: String,
    bible_verse: String,
    /// Sent only to premium members when `is_premium` is 1 (null to others).
    #[ts(type = "string | null")]
    script_content: Option<String>,
    tags: Vec<String>,
    #[serde(deserialize_with = "premium_flag")]
    is_premium: u8,
}

/// A prompt for the prayer journal, in one of the journal's categories.
#[derive(Debug, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct JournalPrompt {
    id: String,
    category: manna_sync_protocol::records::journal::JournalCategory,
    prompt: String,
}

/// A recipe for one food spotlight (`food` is the spotlight's name).
#[derive(Debug, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Recipe {
    id: String,
    food: String,
    title: String,
    time: String,
    servings: u16,
    ingredients: Vec<String>,
    instructions: Vec<String>,
    benefits: String,
}

/// `isPremium` as the content files write it: 0 or 1, nothing else.
pub(super) fn premium_flag<'de, D: serde::Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
    match u8::deserialize(d)? {
        v @ (0 | 1) => Ok(v),
        v => Err(serde::de::Error::custom(format!(
            "isPremium must be 0 or 1, not {v}"
        ))),
    }
}
