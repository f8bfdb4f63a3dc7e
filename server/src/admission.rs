//! The server's gate for every write a user makes (pushes, REST calls,
//! generate calls): the rules that need the content or the user's standing,
//! answered as a refused change (`ServerGate`) or as the call's status
//! (`RestGate`).
//! A meal plan is started only if it exists, and a premium one only by a
//! member; a day that has come (a weight's, a journal entry's) is not one
//! still to come anywhere on earth; a locked journal takes only sealed
//! entries, and keeps the key it was locked with.

use crate::config::Config;
use crate::content::ContentSet;
use crate::content::meal_plans::{NotOpen, may_start};
use crate::entitlement::{premium_of, premium_required};
use crate::error::AppError;
use crate::store::SyncTx;
use crate::sync::Gate;
use manna_sync_protocol::records::journal::{JOURNAL_KEY_ID, check_locked_journal, check_same_key};
use manna_sync_protocol::records::read::Fields;
use manna_sync_protocol::{Date, FieldError, Table};
use std::sync::Arc;

/// The gate of one request: the content it was served with, and the time
/// membership is judged at.
#[derive(Debug, Clone)]
pub struct ServerGate {
    pub content: Arc<ContentSet>,
    pub config: Arc<Config>,
    pub now_secs: i64,
}

impl ServerGate {
    /// A day of `after` that has not come yet in any time zone (the writer's
    /// own today is checked on the device; here the latest today on earth,
    /// UTC+14, is the day after the server's UTC date). A day `before`
    /// already held is left as it was stored.
    fn day_to_come(
        &self,
        table: Table,
        before: Option<&Fields>,
        after: &Fields,
    ) -> Option<FieldError> {
        let latest = Date::from_epoch_ms(self.now_secs * 1000, 0).add_days(1);
        table.check_days(after, before, latest).err()
    }

    /// The journal's lock: a locked journal's entries are sealed, and its
    /// key stays the one it was locked with.
    fn journal_lock(
        &self,
        tx: &mut SyncTx<'_, '_>,
        user: &str,
        table: Table,
        before: Option<&Fields>,
        after: &Fields,
    ) -> Result<Result<(), FieldError>, AppError> {
        Ok(match table {
            Table::PrayerJournal => {
                let locked = tx
                    .load(user, Table::JournalKeys, JOURNAL_KEY_ID)?
                    .is_some_and(|key| !key.deleted);
                check_locked_journal(locked, after)
            }
            Table::JournalKeys => check_same_key(before, after),
            _ => Ok(()),
        })
    }

    /// Why `after` may not be stored, in the words of the rule.
    fn refusal(
        &self,
        tx: &mut SyncTx<'_, '_>,
        user: &str,
        table: Table,
        before: Option<&Fields>,
        after: &Fields,
    ) -> Result<Option<NotOpen>, AppError> {
        if table != Table::MealPlanEnrollments {
            return Ok(None);
        }
        let plan = after.get("mealPlanId");
        // A plan already started stays open to its follower (a lapsed member
        // keeps what they began; the plan's days are still gated on reading).
        if before.is_some_and(|b| b.get("mealPlanId") == plan) {
            return Ok(None);
        }
        let id = plan.and_then(|p| p.as_str()).unwrap_or_default();
        let member = || {
            let standing = tx.standing(user, self.config.has_owners())?;
            Ok::<_, AppError>(premium_of(&standing, &self.config, self.now_secs).is_some())
        };
        Ok(may_start(&self.content, id, member)?.err())
    }
}

impl Gate for ServerGate {
    fn admit(
        &self,
        tx: &mut SyncTx<'_, '_>,
        user: &str,
        table: Table,
        before: Option<&Fields>,
        after: &Fields,
    ) -> Result<Result<(), FieldError>, AppError> {
        if let Some(refusal) = self.day_to_come(table, before, after) {
            return Ok(Err(refusal));
        }
        if let Err(refusal) = self.journal_lock(tx, user, table, before, after)? {
            return Ok(Err(refusal));
        }
        Ok(match self.refusal(tx, user, table, before, after)? {
            None => Ok(()),
            Some(refusal) => Err(refusal.field_error()),
        })
    }
}

/// The gate of a REST call: a refusal is the call's answer, 404 for a plan
/// that does not exist and 403 for a premium plan and a non-member, where a
/// push answers a refused change.
#[derive(Debug, Clone)]
pub struct RestGate(pub ServerGate);

impl Gate for RestGate {
    fn admit(
        &self,
        tx: &mut SyncTx<'_, '_>,
        user: &str,
        table: Table,
        before: Option<&Fields>,
        after: &Fields,
    ) -> Result<Result<(), FieldError>, AppError> {
        if let Some(refusal) = self.0.day_to_come(table, before, after) {
            return Ok(Err(refusal));
        }
        if let Err(refusal) = self.0.journal_lock(tx, user, table, before, after)? {
            return Ok(Err(refusal));
        }
        match self.0.refusal(tx, user, table, before, after)? {
            None => Ok(Ok(())),
            Some(NotOpen::Unknown(id)) => Err(AppError::NotFound(format!(
                "mealPlanId: no meal plan has the id '{id}'"
            ))),
            Some(NotOpen::PremiumOnly(_)) => Err(premium_required()),
        }
    }
}
