//! The shape of a Bible study (the Bible Study Center's content kind).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The study of one reading (`reading_id`) in the Bible Study Center. The
/// context, the application and the group questions are written for Manna;
/// the rest is extracted from public-domain texts (Strong's dictionaries, the
/// KJV and the World English Bible, Matthew Henry's Concise Commentary and
/// Nave's Topical Bible), and the content tests check it against them.
#[derive(Debug, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct BibleStudy {
    id: String,
    reading_id: String,
    reference: String,
    context: String,
    application: String,
    /// Questions for a group discussing the passage.
    discussion: Vec<String>,
    word_studies: Vec<WordStudy>,
    parallel: ParallelText,
    commentary: Commentary,
    cross_references: Vec<TopicPassages>,
}

/// A word of the KJV passage and its Strong's entry.
#[derive(Debug, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct WordStudy {
    word: String,
    /// 'H7462' (Hebrew) or 'G1515' (Greek).
    strongs: String,
    lemma: String,
    transliteration: String,
    pronunciation: String,
    definition: String,
    /// How the KJV renders the word elsewhere.
    kjv_usage: String,
}

/// The passage in the KJV and the World English Bible.
#[derive(Debug, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ParallelText {
    kjv: String,
    web: String,
}

/// Matthew Henry's comment on the section that holds the passage.
#[derive(Debug, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Commentary {
    section: String,
    text: String,
}

/// Passages Nave's Topical Bible lists under a topic's heading.
#[derive(Debug, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TopicPassages {
    topic: String,
    under: String,
    /// How many passages the extraction takes (4 unless given).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    count: Option<u8>,
    passages: Vec<Passage>,
}

#[derive(Debug, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Passage {
    reference: String,
    text: String,
}
