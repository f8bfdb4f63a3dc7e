//! The tools' values crossing to and from the browser: what it passes read
//! as JSON values (and from them field by field), results given back as
//! plain objects.

use crate::wasm::{js_of, value_of};
use manna_sync_protocol::FieldError;
use manna_sync_protocol::records::read::{
    Fields, FromField, ReadFields, nested, read_field, read_object,
};
use serde::Serialize;
use serde_json::Value;
use wasm_bindgen::prelude::*;

/// A result as the browser gets it: the JSON value serde makes of it, as
/// plain objects, arrays, numbers and strings. Going through the JSON value
/// shares one serializer with the rest of the module, where a serializer
/// straight to browser values would add its own code for every type; an
/// object's keys come in the JSON value's (sorted) order.
pub(super) fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    let value = crate::json_value::to_value(value)
        .map_err(|_| JsError::new("a result that JSON cannot hold"))?;
    js_of(&value)
}

/// The browser's value `what` read as `T`; a refusal names `what` first.
pub(super) fn read<T: FromField>(what: &str, js: &JsValue) -> Result<T, JsError> {
    T::from_value(&value_of(js)).map_err(|e| JsError::new(&format!("{what}: {e}")))
}

/// The browser's list `what`, each item as parsed JSON.
pub(super) fn list(what: &str, js: &JsValue) -> Result<Vec<Value>, JsError> {
    match value_of(js) {
        Value::Array(items) => Ok(items),
        _ => Err(JsError::new(&format!("{what}: must be a list"))),
    }
}

/// An archive card's item as the device saved it.
pub(super) struct SavedItem {
    pub kind: String,
    pub item: Value,
    pub date: String,
}

/// A verse of a chapter saved on the device.
pub(super) struct SavedVerse {
    pub verse: u32,
    pub text: String,
}

/// A Bible chapter saved on the device.
pub(super) struct SavedChapter {
    pub osis: String,
    pub chapter: u32,
    pub verses: Vec<SavedVerse>,
}

impl ReadFields for SavedItem {
    const NAME: &'static str = "a saved item";

    fn read_fields(f: &Fields) -> Result<Self, FieldError> {
        read_object(|r| {
            Some(SavedItem {
                kind: read_field(f, "type", None, r)?,
                item: match f.get("item") {
                    Some(item) => item.clone(),
                    None => {
                        *r = FieldError::new("item", "is required");
                        return None;
                    }
                },
                date: read_field(f, "date", None, r)?,
            })
        })
    }
}

impl ReadFields for SavedVerse {
    const NAME: &'static str = "a verse";

    fn read_fields(f: &Fields) -> Result<Self, FieldError> {
        read_object(|r| {
            Some(SavedVerse {
                verse: read_field(f, "verse", None, r)?,
                text: read_field(f, "text", None, r)?,
            })
        })
    }
}

impl ReadFields for SavedChapter {
    const NAME: &'static str = "a chapter";

    fn read_fields(f: &Fields) -> Result<Self, FieldError> {
        read_object(|r| {
            Some(SavedChapter {
                osis: read_field(f, "osis", None, r)?,
                chapter: read_field(f, "chapter", None, r)?,
                verses: read_field(f, "verses", None, r)?,
            })
        })
    }
}

/// Each of these reads from an object as a record does.
macro_rules! from_object {
    ($($name:ident),+) => {$(
        impl FromField for $name {
            fn from_value(value: &Value) -> Result<Self, String> {
                nested(value)
            }
        }
    )+};
}

from_object!(SavedItem, SavedVerse, SavedChapter);
