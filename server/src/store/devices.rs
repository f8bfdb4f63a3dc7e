//! Anonymous users and their devices: registering one, finding the device a
//! token belongs to (remembered, see `DeviceMemo`), forgetting one.

use super::Store;
use super::sql::Sql;
use crate::store::StoreError;

impl Store {
    /// Registers user `user` with its first device, whose token hashes to
    /// `token_hash`, first seen from `origin` (a keyed hash of its address);
    /// 409 when the user id is taken.
    pub async fn register_device(
        &self,
        user: &str,
        device: &str,
        token_hash: &str,
        origin: &str,
        now_ms: i64,
    ) -> Result<(), StoreError> {
        let (user, device, hash) = (user.to_owned(), device.to_owned(), token_hash.to_owned());
        let origin = origin.to_owned();
        self.db
            .call(move |c| {
                c.write(|tx| {
                    let inserted = tx.execute(
                        "INSERT INTO users (id, created_at, origin) VALUES (?1, ?2, ?3) ON CONFLICT(id) DO NOTHING",
                        &[&user, &now_ms, &origin],
                    )?;
                    if inserted == 0 {
                        return Err(StoreError::UserTaken);
                    }
                    tx.execute(
                        "INSERT INTO devices (id, user_id, token_hash, created_at) VALUES (?1, ?2, ?3, ?4)",
                        &[&device, &user, &hash, &now_ms],
                    )?;
                    Ok(())
                })
            })
            .await
    }

    /// The device and user a token (by its hash) belongs to.
    pub async fn device_of_token(
        &self,
        token_hash: &str,
    ) -> Result<Option<(String, String)>, StoreError> {
        let memo = self.devices();
        if let Some(device) = memo.get(token_hash) {
            return Ok(Some(device));
        }
        let since = memo.generation();
        let key = token_hash.to_owned();
        let found = self
            .db
            .call(move |c| {
                c.query_opt(
                    "SELECT id, user_id FROM devices WHERE token_hash = ?1",
                    &[&key],
                    |r| Ok((r.get(0)?, r.get(1)?)),
                )
            })
            .await?;
        if let Some(device) = &found {
            memo.remember(since, token_hash.to_owned(), device.clone());
        }
        Ok(found)
    }
}

/// Forgets a device: its token stops working, and nothing rings on it.
pub(super) fn forget_device(c: &mut Sql<'_>, device_id: &str) -> Result<(), StoreError> {
    c.execute("DELETE FROM devices WHERE id = ?1", &[&device_id])?;
    super::push::forget_device_pushes(c, device_id)
}
