//! Files that are nobody else's to read: the database, its journal, the
//! signing key and the outbox.

use std::io::{Error, Result};
use std::path::Path;

/// Gives `path` the permission bits `mode` (owner only): the database, its
/// journal, the signing key and the outbox are nobody else's to read.
pub fn make_private(path: &Path, mode: u32) -> Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).map_err(|e| {
            Error::new(
                e.kind(),
                format!("cannot restrict access to {}: {e}", path.display()),
            )
        })?;
    }
    #[cfg(not(unix))]
    let _ = (path, mode);
    Ok(())
}

/// Creates `dir` when missing and makes it the server user's only.
pub fn private_folder(dir: &Path) -> Result<()> {
    std::fs::create_dir_all(dir).map_err(|e| {
        Error::new(
            e.kind(),
            format!("cannot create data folder {}: {e}", dir.display()),
        )
    })?;
    make_private(dir, 0o700)
}
