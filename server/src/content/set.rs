//! The content every request reads, in memory.

use super::kinds::Kind;
use manna_core::meals::Catalogue;
use serde_json::Value;
use std::collections::HashMap;
use std::sync::Arc;

/// The content every request reads: immutable, swapped whole on refresh.
#[derive(Debug, Default)]
pub struct ContentSet {
    pub version: String,
    pub items: HashMap<Kind, Vec<Value>>,
    /// The meal catalogue plans and shopping lists are built from, and its
    /// file as the app downloads it.
    pub catalogue: Arc<Catalogue>,
    pub catalogue_json: Arc<str>,
    /// What the archive's search sees of each of its items.
    pub archive: Vec<super::archive::Entry>,
}

impl ContentSet {
    pub fn items(&self, kind: Kind) -> &[Value] {
        self.items.get(&kind).map_or(&[], Vec::as_slice)
    }
}
