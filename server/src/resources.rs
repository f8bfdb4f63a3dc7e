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
use crate::store::{ChildCount, RecordQuery};
use crate::sync::{SyncService, Writer};
use manna_sync_protocol::{FieldError, Mutation, Op, Table};
use serde_json::{Map, Value};

/// Records of another table that belong to each record of this one (a
/// list's items): counted into each listed record and deleted with it.
#[derive(Debug, Clone, Copy)]
pub struct Children {
    pub table: Table,
    /// The child's field naming its parent's id.
    pub parent: &'static str,
    /// A true/false field of the child counted separately.
    pub flag: &'static str,
    /// The names the counts are listed under.
    pub total_as: &'static str,
    pub flagged_as: &'static str,
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
    pub order: Order,
    pub children: Option<Children>,
}

/// Every record resource of the API.
pub const RESOURCES: &[Resource] = &[
    Resource {
        table: Table::PrayerReminders,
        list: "/api/prayer-reminders",
        create: "/api/prayer-reminders",
        item: Some("/api/prayer-reminders/{id}"),
        order: Order::Ascending("reminderTime"),
        children: None,
    },
    Resource {
        table: Table::WeightEntries,
        list: "/api/weight-entries/{userId}",
        create: "/api/weight-entries",
        item: None,
        order: Order::Descending("date"),
        children: None,
    },
    Resource {
        table: Table::WellnessScores,
        list: "/api/wellness-scores/{userId}",
        create: "/api/wellness-scores",
        item: None,
        order: Order::Descending("date"),
        children: None,
    },
    Resource {
        table: Table::PrayerJournal,
        list: "/api/prayer-journal",
        create: "/api/prayer-journal",
        item: Some("/api/prayer-journal/{id}"),
        order: Order::Descending("date"),
        children: None,
    },
    Resource {
        table: Table::DailyCompletions,
        list: "/api/daily-completions",
        create: "/api/daily-completions",
        item: None,
        // A second post for the same day adds its ticks to the day's record:
        // what it leaves out stays as it was.
        order: Order::Descending("date"),
        children: None,
    },
    Resource {
        table: Table::WellnessGoals,
        list: "/api/wellness-goals/user/{userId}",
        create: "/api/wellness-goals",
        item: Some("/api/wellness-goals/{id}"),
        order: Order::Descending("createdAt"),
        children: None,
    },
    Resource {
        table: Table::PersonalizedPlans,
        list: "/api/personalized-plans/user",
        create: "/api/personalized-plans",
        item: Some("/api/personalized-plans/{id}"),
        order: Order::Descending("createdAt"),
        children: None,
    },
    Resource {
        table: Table::PlanProgress,
        list: "/api/plan-progress/user",
        // Named by plan and day: posting a day again changes that day's mark.
        create: "/api/plan-progress",
        item: Some("/api/plan-progress/{id}"),
        order: Order::Ascending("day"),
        children: None,
    },
    Resource {
        table: Table::MealPlanEnrollments,
        list: "/api/users/{userId}/meal-plans",
        create: "/api/users/{userId}/meal-plans",
        item: Some("/api/users/{userId}/meal-plans/{id}"),
        order: Order::Descending("startDate"),
        children: None,
    },
    Resource {
        table: Table::ShoppingLists,
        list: "/api/shopping-lists/user/{userId}",
        create: "/api/shopping-lists",
        item: Some("/api/shopping-lists/{id}"),
        order: Order::Descending("createdAt"),
        children: Some(Children {
            table: Table::ShoppingListItems,
            parent: "listId",
            flag: "isChecked",
            total_as: "totalItems",
            flagged_as: "checkedItems",
        }),
    },
    Resource {
        table: Table::ShoppingListItems,
        list: "/api/shopping-list-items/{listId}",
        create: "/api/shopping-list-items",
        item: Some("/api/shopping-list-items/{id}"),
        order: Order::Ascending("category"),
        children: None,
    },
    Resource {
        table: Table::FavoriteReadings,
        list: "/api/favorites",
        // Named by the reading's day: the heart on two devices is one record.
        create: "/api/favorites",
        item: Some("/api/favorites/{id}"),
        order: Order::Descending("savedAt"),
        children: None,
    },
    Resource {
        table: Table::Highlights,
        list: "/api/highlights",
        // Named by the verse: highlighting it again changes its colour.
        create: "/api/highlights",
        item: Some("/api/highlights/{id}"),
        order: Order::Descending("createdAt"),
        children: None,
    },
    Resource {
        table: Table::VerseNotes,
        list: "/api/verse-notes",
        create: "/api/verse-notes",
        item: Some("/api/verse-notes/{id}"),
        order: Order::Descending("updatedAt"),
        children: None,
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

/// Most records one page of a list holds (also the size of a page when the
/// caller names none).
pub const PAGE_MAX: u32 = 1000;

/// Where a page of a list starts: after the record with this sort value and
/// id. Opaque to clients (hex of JSON), handed out as `X-Next-Cursor`.
#[derive(Debug, Clone, PartialEq)]
pub struct PageCursor {
    key: Value,
    id: String,
}

impl PageCursor {
    pub fn encode(&self) -> String {
        hex::encode(serde_json::json!([self.key, self.id]).to_string())
    }

    pub fn decode(raw: &str) -> Result<Self, AppError> {
        let bad = || AppError::BadRequest("cursor: not a cursor this server handed out".into());
        let text = hex::decode(raw).map_err(|_| bad())?;
        let (key, id): (Value, String) = serde_json::from_slice(&text).map_err(|_| bad())?;
        Ok(Self { key, id })
    }
}

/// A page of a list: records after `after`, at most `limit` (all of them
/// when `limit` is none).
#[derive(Debug, Clone, Default)]
pub struct Page {
    pub after: Option<PageCursor>,
    pub limit: Option<u32>,
}

impl Resource {
    /// One page of `user`'s live records whose fields match `filters`, in this
    /// resource's order (ties by id), and the cursor of the next page if there
    /// is one.
    pub async fn list(
        &self,
        sync: &SyncService,
        user: &str,
        filters: Vec<(String, String)>,
        page: &Page,
    ) -> Result<(Vec<RecordView>, Option<PageCursor>), AppError> {
        let (field, ascending) = match self.order {
            Order::Ascending(f) => (f, true),
            Order::Descending(f) => (f, false),
        };
        let query = RecordQuery {
            table: self.table,
            order_by: field,
            ascending,
            filters,
            after: page.after.clone().map(|a| (a.key, a.id)),
            // One more than the page, to know whether another follows.
            limit: page.limit.map(|l| l + 1),
            children: self.children.map(|c| ChildCount {
                table: c.table,
                parent: c.parent,
                flag: c.flag,
            }),
        };
        let mut views = Vec::new();
        for listed in sync.store().list_records(user, query).await? {
            let mut v = view(user, listed.id, listed.fields);
            if let (Some(c), Some((total, flagged))) = (self.children, listed.children) {
                v.fields.insert(c.total_as.into(), total.into());
                v.fields.insert(c.flagged_as.into(), flagged.into());
            }
            views.push(v);
        }
        let next = match page.limit {
            Some(limit) if views.len() > limit as usize => {
                views.truncate(limit as usize);
                views.last().map(|last| PageCursor {
                    key: last.fields.get(field).cloned().unwrap_or(Value::Null),
                    id: last.id.clone(),
                })
            }
            _ => None,
        };
        Ok((views, next))
    }

    /// Creates a record from a client's fields (the table's defaults fill what
    /// it leaves out), named by the table's id scheme; `random` is the random
    /// part of a new id.
    pub async fn create(
        &self,
        sync: &SyncService,
        author: Writer,
        fields: Map<String, Value>,
        random: &str,
    ) -> Result<Result<RecordView, FieldError>, AppError> {
        let id = match self.table.id_scheme().new_id(&fields, random) {
            Ok(id) => id,
            Err(e) => return Ok(Err(e)),
        };
        self.write(sync, author, id, Op::Put, fields).await
    }

    /// Changes the given fields of an existing record.
    pub async fn update(
        &self,
        sync: &SyncService,
        author: Writer,
        id: &str,
        fields: Map<String, Value>,
    ) -> Result<Result<RecordView, FieldError>, AppError> {
        self.existing(sync, &author.user, id).await?;
        if fields.is_empty() {
            return Err(AppError::BadRequest(
                "nothing to change: send the fields to update, e.g. isActive".into(),
            ));
        }
        self.write(sync, author, id.to_string(), Op::Patch, fields)
            .await
    }

    /// Deletes an existing record, and its children first.
    pub async fn delete(
        &self,
        sync: &SyncService,
        author: Writer,
        id: &str,
    ) -> Result<(), AppError> {
        self.existing(sync, &author.user, id).await?;
        if let Some(children) = self.children {
            let child = resource(children.table);
            let ids = sync
                .store()
                .child_ids(&author.user, children.table, children.parent, id)
                .await?;
            for child_id in ids {
                child
                    .write(sync, author.clone(), child_id, Op::Delete, Map::new())
                    .await?
                    .map_err(AppError::Invalid)?;
            }
        }
        self.write(sync, author, id.to_string(), Op::Delete, Map::new())
            .await?
            .map_err(AppError::Invalid)?;
        Ok(())
    }

    async fn existing(&self, sync: &SyncService, user: &str, id: &str) -> Result<(), AppError> {
        sync.store()
            .live_record(user, self.table, id)
            .await?
            .map(drop)
            .ok_or_else(|| {
                AppError::NotFound(format!(
                    "no {} record with id {}",
                    self.table.name(),
                    id.chars().take(80).collect::<String>()
                ))
            })
    }

    async fn write(
        &self,
        sync: &SyncService,
        author: Writer,
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
        let (user, id) = (author.user.clone(), m.id.clone());
        Ok(sync.apply_direct(author, m).await?.map(|stored| {
            view(
                &user,
                id,
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
