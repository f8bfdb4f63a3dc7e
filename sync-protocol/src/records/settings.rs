//! The user's settings: free-form, kept small.

use super::Record;
use super::read::{Fields, ReadFields};
use crate::field_error::FieldError;
use serde_json::Value;
use ts_rs::TS;

pub const SETTINGS_MAX_KEYS: usize = 100;
pub const SETTINGS_MAX_BYTES: usize = 16_384;

/// Any settings; only their size is checked.
#[derive(Debug, Clone, PartialEq, TS)]
#[ts(type = "Record<string, unknown>")]
pub struct UserSettings(pub Fields);

impl ReadFields for UserSettings {
    const NAME: &'static str = "the settings";

    fn read_fields(fields: &Fields) -> Result<Self, FieldError> {
        Ok(UserSettings(fields.clone()))
    }
}

impl super::read::FieldDefaults for UserSettings {
    fn field_defaults() -> Vec<(&'static str, Value)> {
        Vec::new()
    }
}

impl Record for UserSettings {
    fn check(&self) -> Result<(), FieldError> {
        let bytes: usize = self.0.iter().map(|(k, v)| k.len() + 4 + size(v)).sum();
        if self.0.len() > SETTINGS_MAX_KEYS || bytes > SETTINGS_MAX_BYTES {
            return Err(FieldError::new(
                "settings",
                format!(
                    "at most {SETTINGS_MAX_KEYS} keys and {} KB",
                    SETTINGS_MAX_BYTES / 1024
                ),
            ));
        }
        Ok(())
    }
}

/// Free-form settings in the API's documents: an object.
#[cfg(feature = "openapi")]
impl utoipa::PartialSchema for UserSettings {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::schema::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::Object)
            .into()
    }
}

#[cfg(feature = "openapi")]
impl utoipa::ToSchema for UserSettings {}

/// About as many bytes as the value's JSON text.
fn size(value: &Value) -> usize {
    match value {
        Value::Null | Value::Bool(_) => 5,
        Value::Number(_) => 8,
        Value::String(s) => s.len() + 2,
        Value::Array(items) => 2 + items.iter().map(|v| size(v) + 1).sum::<usize>(),
        Value::Object(o) => 2 + o.iter().map(|(k, v)| k.len() + 4 + size(v)).sum::<usize>(),
    }
}
