//! Reading the content files and refusing any that break the item shapes.

use super::kinds::Kind;
use crate::memo::FileMemo;
use serde_json::Value;
use sha2::{Digest, Sha256};
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Every kind's items, checked, with a hash of the files they came from.
#[derive(Debug, Clone)]
pub struct ContentFiles {
    pub hash: String,
    pub items: HashMap<Kind, Vec<Value>>,
    /// Each item as the store keeps it: its kind's slug, its id and its JSON.
    pub rows: Vec<(String, String, String)>,
    /// `meal-catalogue.json` as written (checked: it reads, and every meal
    /// plan's days name its recipes).
    pub catalogue: String,
}

/// The meal catalogue's file name under the content directory.
pub const CATALOGUE_FILE: &str = "meal-catalogue.json";

/// Reads `<dir>/<slug>.json` for every kind. Each file is `{"items": [...]}`.
pub fn read_content_files(dir: &Path) -> Result<ContentFiles, String> {
    let mut hasher = Sha256::new();
    let mut items = HashMap::new();
    for kind in Kind::ALL {
        let path = dir.join(format!("{}.json", kind.slug()));
        let text = std::fs::read_to_string(&path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        hasher.update(kind.slug().as_bytes());
        hasher.update(text.as_bytes());
        let parsed = parse_file(kind, &text).map_err(|e| format!("{}: {e}", path.display()))?;
        items.insert(kind, parsed);
    }
    super::readings::check(items.get(&Kind::BibleReadings).map_or(&[], Vec::as_slice))?;
    super::foods::rotation(items.get(&Kind::FoodSpotlights).map_or(&[], Vec::as_slice))?;
    let path = dir.join(CATALOGUE_FILE);
    let catalogue = std::fs::read_to_string(&path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    hasher.update(CATALOGUE_FILE.as_bytes());
    hasher.update(catalogue.as_bytes());
    let parsed = manna_core::meals::Catalogue::from_json(&catalogue)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    super::meal_plans::check(
        items.get(&Kind::MealPlans).map_or(&[], Vec::as_slice),
        &parsed,
    )?;
    let rows = items
        .iter()
        .flat_map(|(kind, items)| {
            items.iter().map(move |item| {
                let id = item["id"].as_str().unwrap_or_default();
                (kind.slug().to_string(), id.to_string(), item.to_string())
            })
        })
        .collect();
    Ok(ContentFiles {
        hash: hex::encode(hasher.finalize()),
        items,
        rows,
        catalogue,
    })
}

/// [`read_content_files`], read once per process while the files stay as
/// they were (every server of a process, and a refresh with nothing
/// changed, share it).
pub fn read_content_files_shared(dir: &Path) -> Result<Arc<ContentFiles>, String> {
    static READ: FileMemo<ContentFiles> = FileMemo::new();
    let files: Vec<PathBuf> = Kind::ALL
        .iter()
        .map(|kind| dir.join(format!("{}.json", kind.slug())))
        .chain([dir.join(CATALOGUE_FILE)])
        .collect();
    READ.get(&files, || read_content_files(dir))
}

fn parse_file(kind: Kind, text: &str) -> Result<Vec<Value>, String> {
    let doc: Value = serde_json::from_str(text).map_err(|e| format!("invalid JSON: {e}"))?;
    let raw = doc
        .get("items")
        .and_then(Value::as_array)
        .ok_or("the file must be an object with an \"items\" array")?;
    if raw.is_empty() {
        return Err("\"items\" is empty".into());
    }
    let mut ids = HashSet::new();
    raw.iter()
        .enumerate()
        .map(|(i, item)| {
            let item = kind
                .parse_item(item.clone())
                .map_err(|e| format!("item {i}: {e}"))?;
            if let Some(field) = first_blank_field(&item) {
                return Err(format!("item {i}: \"{field}\" is blank"));
            }
            let id = item["id"].as_str().unwrap_or_default().to_string();
            if !ids.insert(id.clone()) {
                return Err(format!("item {i}: id \"{id}\" is used twice"));
            }
            Ok(item)
        })
        .collect()
}

/// Present fields must say something: no empty strings, lists or list entries.
fn first_blank_field(item: &Value) -> Option<String> {
    let blank = |v: &Value| match v {
        Value::String(s) => s.trim().is_empty(),
        Value::Array(a) => {
            a.is_empty()
                || a.iter()
                    .any(|x| x.as_str().is_some_and(|s| s.trim().is_empty()))
        }
        _ => false,
    };
    item.as_object()?
        .iter()
        .find(|(_, v)| blank(v))
        .map(|(k, _)| k.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_unknown_missing_and_blank_fields() {
        let tip = |extra: &str| {
            format!(r#"{{"items":[{{"id":"a","category":"c","title":"t","content":"x"{extra}}}]}}"#)
        };
        assert!(parse_file(Kind::HealthTips, &tip("")).is_ok());
        let unknown =
            parse_file(Kind::HealthTips, &tip(r#","colour":"red""#)).expect_err("refused");
        assert!(unknown.contains("colour"), "{unknown}");
        let blank =
            parse_file(Kind::HealthTips, &tip(r#","quickAction":"  ""#)).expect_err("refused");
        assert!(blank.contains("quickAction"), "{blank}");
        let missing = parse_file(
            Kind::HealthTips,
            r#"{"items":[{"id":"a","title":"t","content":"x"}]}"#,
        );
        assert!(missing.expect_err("refused").contains("category"));
    }

    #[test]
    fn refuses_duplicate_ids_and_bad_enums() {
        let two = r#"{"items":[{"id":"a","category":"c","title":"t","content":"x"},
                              {"id":"a","category":"c","title":"t","content":"y"}]}"#;
        assert!(
            parse_file(Kind::HealthTips, two)
                .expect_err("refused")
                .contains("used twice")
        );
        let hack = r#"{"items":[{"id":"a","title":"t","description":"d","category":"sauna",
            "duration":"5 min","howTo":"h","benefits":"b","isPremium":0}]}"#;
        assert!(
            parse_file(Kind::Biohacks, hack)
                .expect_err("refused")
                .contains("sauna")
        );
        let flag = hack
            .replace("sauna", "grounding")
            .replace("\"isPremium\":0", "\"isPremium\":2");
        assert!(
            parse_file(Kind::Biohacks, &flag)
                .expect_err("refused")
                .contains("isPremium")
        );
    }
}

#[cfg(test)]
mod shipped_content {
    use super::*;

    #[test]
    fn every_kind_has_a_month_of_valid_items() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("content");
        let files = read_content_files(&dir).expect("shipped content is valid");
        for kind in Kind::DAILY {
            let n = files.items[&kind].len();
            assert!(n >= 31, "{} has only {n} items", kind.slug());
        }
        assert_eq!(
            files.items[&Kind::WorshipSongs].len(),
            12,
            "the worship page's 12 songs"
        );
        let hacks = &files.items[&Kind::Biohacks];
        assert!(
            hacks.iter().any(|h| h["isPremium"] == 1) && hacks.iter().any(|h| h["isPremium"] == 0)
        );
    }
}
