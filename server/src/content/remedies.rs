//! Home remedies: the search that finds a symptom's entry
//! from what a person types ("can't sleep", "sore throt").

use super::kinds::Kind;
use super::set::ContentSet;
use serde::Serialize;
use serde_json::Value;
use ts_rs::TS;

/// Lower case, letters and digits only, apostrophes dropped ("can't" is "cant").
fn normalise(text: &str) -> String {
    let spaced: String = text
        .to_lowercase()
        .chars()
        .filter(|c| *c != '\'' && *c != '’')
        .map(|c| if c.is_alphanumeric() { c } else { ' ' })
        .collect();
    spaced.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Edits (insert, delete, replace, swap two neighbours) from `a` to `b`.
fn distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut rows = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in rows.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in rows[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (rows[i - 1][j] + 1)
                .min(rows[i][j - 1] + 1)
                .min(rows[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(rows[i - 2][j - 2] + 1);
            }
            rows[i][j] = best;
        }
    }
    rows[a.len()][b.len()]
}

/// Typos forgiven in a word or phrase of this many letters.
fn allowed(len: usize) -> usize {
    match len {
        0..=3 => 0,
        4..=6 => 1,
        7..=12 => 2,
        _ => 3,
    }
}

/// How well `query` names `term` (both normalised): 0 for not at all.
fn score(query: &str, term: &str) -> u32 {
    if query == term {
        return 100;
    }
    let whole = |hay: &str, needle: &str| format!(" {hay} ").contains(&format!(" {needle} "));
    if whole(query, term) || whole(term, query) {
        return 80;
    }
    let d = distance(query, term);
    if d <= allowed(term.chars().count()) {
        return 70 - d as u32;
    }
    // Every word of the term found in the query, allowing a typo in each.
    let words: Vec<&str> = query.split(' ').collect();
    let found = term.split(' ').all(|t| {
        words
            .iter()
            .any(|w| distance(w, t) <= allowed(t.chars().count()))
    });
    if found { 50 } else { 0 }
}

/// Longest symptom text searched.
pub const SYMPTOM_MAX: usize = 100;

/// The entry whose symptom or synonyms best match `query`, if any.
pub fn find_remedy<'a>(set: &'a ContentSet, query: &str) -> Option<&'a Value> {
    let query = normalise(query);
    if query.is_empty() {
        return None;
    }
    let terms = |e: &'a Value| {
        std::iter::once(&e["symptom"])
            .chain(e["synonyms"].as_array().into_iter().flatten())
            .filter_map(Value::as_str)
            .map(normalise)
    };
    set.items(Kind::HomeRemedies)
        .iter()
        .map(|e| (terms(e).map(|t| score(&query, &t)).max().unwrap_or(0), e))
        .filter(|(s, _)| *s > 0)
        .max_by_key(|(s, _)| *s)
        .map(|(_, e)| e)
}

/// The symptoms there are remedies for (suggestions when nothing matched).
pub fn symptoms(set: &ContentSet) -> Vec<String> {
    set.items(Kind::HomeRemedies)
        .iter()
        .filter_map(|e| e["symptom"].as_str().map(str::to_string))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phrases_typos_and_apostrophes_match() {
        assert_eq!(normalise("Can't   Sleep!"), "cant sleep");
        assert_eq!(score("cant sleep", "cant sleep"), 100);
        assert!(score("sore throt", "sore throat") > 0);
        assert!(score("headahce", "headache") > 0, "a swap is one typo");
        assert!(score("my throat is sore", "sore throat") > 0);
        assert_eq!(score("toe", "flu"), 0);
        assert_eq!(score("banana", "sore throat"), 0);
    }
}

/// `GET /api/home-remedies/search`: the remedies for the symptom found, or
/// `found: false` with the symptoms there are remedies for.
#[derive(Debug, Serialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RemedySearch {
    pub found: bool,
    /// What was typed.
    pub search_term: String,
    /// The symptom found (none when nothing matched).
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub symptom: Option<String>,
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    #[ts(type = "Array<Remedy>")]
    pub primary_remedies: Value,
    pub additional_support: Vec<String>,
    pub avoid_list: Vec<String>,
    pub when_to_seek_care: String,
    /// When nothing matched: the symptoms there are remedies for.
    pub suggestions: Vec<String>,
    pub disclaimer: &'static str,
}

/// Shown with every answer.
pub const DISCLAIMER: &str = "These home remedies are for education only and do not replace medical advice. Talk to a doctor or pharmacist about your symptoms, especially if you are pregnant, nursing, caring for a child, managing a health condition or taking medicine.";

/// The answer for `query`.
pub fn remedy_search(set: &ContentSet, query: &str) -> RemedySearch {
    let strings = |v: &Value| -> Vec<String> {
        v.as_array()
            .into_iter()
            .flatten()
            .filter_map(|s| s.as_str().map(str::to_string))
            .collect()
    };
    match find_remedy(set, query) {
        Some(e) => RemedySearch {
            found: true,
            search_term: query.to_string(),
            symptom: e["symptom"].as_str().map(str::to_string),
            message: e["message"].as_str().map(str::to_string),
            primary_remedies: e["primaryRemedies"].clone(),
            additional_support: strings(&e["additionalSupport"]),
            avoid_list: strings(&e["avoidList"]),
            when_to_seek_care: e["whenToSeekCare"].as_str().unwrap_or_default().to_string(),
            suggestions: Vec::new(),
            disclaimer: DISCLAIMER,
        },
        None => RemedySearch {
            found: false,
            search_term: query.to_string(),
            symptom: None,
            message: Some(format!(
                "We don't have remedies for \"{query}\" yet. Try one of the symptoms below, or ask a doctor or pharmacist."
            )),
            primary_remedies: Value::Array(Vec::new()),
            additional_support: Vec::new(),
            avoid_list: Vec::new(),
            when_to_seek_care: String::new(),
            suggestions: symptoms(set),
            disclaimer: DISCLAIMER,
        },
    }
}
