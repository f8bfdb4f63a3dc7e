//! The user-record resources of the REST API, one row per record type. The
//! generic handlers in `routes::records` serve every row over the one apply
//! logic of sync (so a record written here reaches every device through pull),
//! and a new record type is a new row, not new handlers.
//!
//! Record rules (shape, limits, ids) are `manna_sync_protocol`'s; a row only
//! says where the record lives in the API, what a client may leave out and how
//! lists are ordered.

use crate::api::RecordView;
use crate::error::AppError;
use crate::sync::{Author, apply_direct, live_record, live_records};
use manna_sync_protocol::{FieldError, Mutation, Op, Table};
use rusqlite::Connection;
use serde_json::{Map, Value};
use std::cmp::Ordering;

/// A value the server fills in for a field a client left out.
#[derive(Debug, Clone, Copy)]
pub enum Fill {
    Null,
    EmptyText,
}

/// How a list is ordered: by a field, up or down (ties: oldest change first).
#[derive(Debug, Clone, Copy)]
pub enum Order {
    Ascending(&'static str),
    Descending(&'static str),
}

#[derive(Debug)]
pub struct Resource {
    pub table: Table,
    /// `GET`: the caller's records. `{userId}` must name the caller; any other
    /// `{param}` keeps the records whose field of that name has that value.
    pub list: &'static str,
    /// `POST`: a new record, named by the table's id scheme.
    pub create: &'static str,
    /// `PATCH` and `DELETE` of one record, at a path ending in `{id}`.
    pub item: Option<&'static str>,
    pub fills: &'static [(&'static str, Fill)],
    pub order: Order,
}

/// Every record resource of the API.
pub const RESOURCES: &[Resource] = &[
    Resource {
        table: Table::PrayerReminders,
        list: "/api/prayer-reminders",
        create: "/api/prayer-reminders",
        item: Some("/api/prayer-reminders/{id}"),
        fills: &[("description", Fill::EmptyText)],
        order: Order::Ascending("reminderTime"),
    },
    Resource {
        table: Table::WeightEntries,
        list: "/api/weight-entries/{userId}",
        create: "/api/weight-entries",
        item: None,
        fills: &[("notes", Fill::Null), ("mood", Fill::Null)],
        order: Order::Descending("date"),
    },
    Resource {
        table: Table::WellnessScores,
        list: "/api/wellness-scores/{userId}",
        create: "/api/wellness-scores",
        item: None,
        fills: &[],
        order: Order::Descending("date"),
    },
];

/// The resource of `table`, for the handlers of derived figures.
pub fn resource(table: Table) -> &'static Resource {
    RESOURCES
        .iter()
        .find(|r| r.table == table)
        .unwrap_or_else(|| panic!("{} has no resource row", table.name()))
}

fn view(user: &str, id: String, fields: Map<String, Value>) -> RecordView {
    RecordView {
        id,
        user_id: user.to_string(),
        fields,
    }
}

fn compare(a: &Map<String, Value>, b: &Map<String, Value>, field: &str) -> Ordering {
    let key = |m: &Map<String, Value>| m.get(field).map(Value::to_string);
    key(a).cmp(&key(b))
}

impl Resource {
    /// `user`'s live records, keeping those whose fields match `filters`, in
    /// this resource's order.
    pub fn list(
        &self,
        conn: &Connection,
        user: &str,
        filters: &[(String, String)],
    ) -> Result<Vec<RecordView>, AppError> {
        let mut rows: Vec<(String, Map<String, Value>)> = live_records(conn, user, self.table)?
            .into_iter()
            .filter(|(_, _, fields)| {
                filters
                    .iter()
                    .all(|(k, v)| fields.get(k).and_then(Value::as_str) == Some(v.as_str()))
            })
            .map(|(id, _, fields)| (id, fields))
            .collect();
        match self.order {
            Order::Ascending(f) => rows.sort_by(|a, b| compare(&a.1, &b.1, f)),
            Order::Descending(f) => rows.sort_by(|a, b| compare(&b.1, &a.1, f)),
        }
        Ok(rows.into_iter().map(|(id, f)| view(user, id, f)).collect())
    }

    /// Creates a record from a client's fields (with the fills applied), named
    /// by the table's id scheme; `random` is the random part of a new id.
    pub fn create(
        &self,
        conn: &mut Connection,
        author: Author<'_>,
        mut fields: Map<String, Value>,
        random: &str,
    ) -> Result<Result<RecordView, FieldError>, AppError> {
        for (name, fill) in self.fills {
            fields.entry(*name).or_insert(match fill {
                Fill::Null => Value::Null,
                Fill::EmptyText => Value::String(String::new()),
            });
        }
        let day = match fields
            .get("date")
            .map(|d| d.as_str().map(str::parse::<manna_core::Date>))
        {
            Some(Some(Ok(day))) => Some(day),
            Some(Some(Err(e))) => return Ok(Err(FieldError::new("date", e.0))),
            Some(None) => return Ok(Err(FieldError::new("date", "must be a date (YYYY-MM-DD)"))),
            None => None,
        };
        let id = match self.table.id_scheme().new_id(day, random) {
            Ok(id) => id,
            Err(e) => return Ok(Err(e)),
        };
        self.write(conn, author, id, Op::Put, fields)
    }

    /// Changes the given fields of an existing record.
    pub fn update(
        &self,
        conn: &mut Connection,
        author: Author<'_>,
        id: &str,
        fields: Map<String, Value>,
    ) -> Result<Result<RecordView, FieldError>, AppError> {
        self.existing(conn, author.user, id)?;
        if fields.is_empty() {
            return Err(AppError::BadRequest(
                "nothing to change: send the fields to update, e.g. isActive".into(),
            ));
        }
        self.write(conn, author, id.to_string(), Op::Patch, fields)
    }

    /// Deletes an existing record.
    pub fn delete(
        &self,
        conn: &mut Connection,
        author: Author<'_>,
        id: &str,
    ) -> Result<(), AppError> {
        self.existing(conn, author.user, id)?;
        self.write(conn, author, id.to_string(), Op::Delete, Map::new())?
            .map_err(AppError::Invalid)?;
        Ok(())
    }

    fn existing(&self, conn: &Connection, user: &str, id: &str) -> Result<(), AppError> {
        live_record(conn, user, self.table, id)?
            .map(drop)
            .ok_or_else(|| {
                AppError::NotFound(format!(
                    "no {} record with id {}",
                    self.table.name(),
                    id.chars().take(80).collect::<String>()
                ))
            })
    }

    fn write(
        &self,
        conn: &mut Connection,
        author: Author<'_>,
        id: String,
        op: Op,
        fields: Map<String, Value>,
    ) -> Result<Result<RecordView, FieldError>, AppError> {
        let m = Mutation {
            seq: 0,
            table: self.table,
            id,
            op,
            fields,
            base_version: None,
        };
        Ok(apply_direct(conn, author, &m)?.map(|stored| {
            view(
                author.user,
                m.id.clone(),
                stored
                    .filter(|r| !r.deleted)
                    .map(|r| r.fields)
                    .unwrap_or_default(),
            )
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_resource_has_its_own_table_and_paths() {
        for (i, r) in RESOURCES.iter().enumerate() {
            assert!(RESOURCES[..i].iter().all(|o| o.table != r.table));
            assert!(r.list.starts_with("/api/") && r.create.starts_with("/api/"));
            assert!(r.item.is_none_or(|p| p.ends_with("/{id}")));
        }
        assert_eq!(resource(Table::WeightEntries).create, "/api/weight-entries");
    }
}
