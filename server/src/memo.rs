//! What a process reads from files once: a value derived from files is kept
//! while the files stay as they were (the same length and modification time),
//! so a second server in one process, or a refresh with nothing changed,
//! parses nothing again.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::SystemTime;

/// A file as it stands: its path, length and modification time.
type Stamp = (PathBuf, u64, Option<SystemTime>);

/// The last value read from a set of files, and the files as they stood.
#[derive(Debug)]
pub struct FileMemo<T> {
    kept: Mutex<Option<(Vec<Stamp>, Arc<T>)>>,
}

impl<T> FileMemo<T> {
    pub const fn new() -> Self {
        Self {
            kept: Mutex::new(None),
        }
    }

    /// The value of `files`: the one kept, when they are as they were, else
    /// what `read` makes of them (then kept).
    pub fn get<E>(
        &self,
        files: &[PathBuf],
        read: impl FnOnce() -> Result<T, E>,
    ) -> Result<Arc<T>, E> {
        let stamps: Vec<Stamp> = files.iter().map(|f| stamp(f)).collect();
        let mut kept = self.kept.lock().unwrap_or_else(|p| p.into_inner());
        if let Some((was, value)) = &*kept
            && *was == stamps
            && stamps.iter().all(|(_, _, time)| time.is_some())
        {
            return Ok(value.clone());
        }
        let value = Arc::new(read()?);
        *kept = Some((stamps, value.clone()));
        Ok(value)
    }
}

impl<T> Default for FileMemo<T> {
    fn default() -> Self {
        Self::new()
    }
}

fn stamp(file: &Path) -> Stamp {
    let meta = std::fs::metadata(file).ok();
    (
        file.to_path_buf(),
        meta.as_ref().map_or(0, std::fs::Metadata::len),
        meta.and_then(|m| m.modified().ok()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_is_read_again_only_when_its_file_changes() {
        let dir = tempfile::tempdir().expect("dir");
        let file = dir.path().join("a.json");
        std::fs::write(&file, "one").expect("write");
        let memo = FileMemo::new();
        let files = [file.clone()];
        let read = || std::fs::read_to_string(&file);
        let first = memo.get(&files, read).expect("read");
        let again = memo.get(&files, || -> std::io::Result<String> {
            panic!("read again")
        });
        assert!(Arc::ptr_eq(&first, &again.expect("kept")));
        std::fs::write(&file, "three").expect("write");
        assert_eq!(*memo.get(&files, read).expect("read"), "three");
    }
}
