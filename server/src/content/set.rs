//! The content every request reads, in memory.

use super::kinds::Kind;
use serde_json::Value;
use std::collections::HashMap;

/// The content every request reads: immutable, swapped whole on refresh.
#[derive(Debug, Default)]
pub struct ContentSet {
    pub version: String,
    pub items: HashMap<Kind, Vec<Value>>,
}

impl ContentSet {
    pub fn items(&self, kind: Kind) -> &[Value] {
        self.items.get(&kind).map_or(&[], Vec::as_slice)
    }
}
