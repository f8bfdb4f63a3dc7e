//! The server's layers, read from its imports as the compiler resolves them:
//! routes call services and never name the store; the store imports nothing
//! of the server above it (never the HTTP error, a service or the
//! configuration); and no files import each other in a loop.
//! (A module's `mod.rs` declaring and re-exporting its own files is its face,
//! not an import.)

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`, by its path from `src/`.
fn sources(dir: &Path, src: &Path, out: &mut BTreeMap<String, String>) {
    for entry in std::fs::read_dir(dir).expect("read src") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            sources(&path, src, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let rel = path.strip_prefix(src).expect("under src");
            let text = std::fs::read_to_string(&path).expect("read file");
            out.insert(rel.to_string_lossy().replace('\\', "/"), code_only(&text));
        }
    }
}

/// The text without comments, strings, char literals and the `#[cfg(test)]`
/// module (tests may reach anywhere): what the code itself names.
fn code_only(text: &str) -> String {
    let text = match text.find("#[cfg(test)]\nmod tests") {
        Some(at) => &text[..at],
        None => text,
    };
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            while i + 1 < chars.len() && !(chars[i] == '*' && chars[i + 1] == '/') {
                i += 1;
            }
            i += 2;
        } else if c == 'r' && (next == Some('#') || next == Some('"')) && !word_before(&chars, i) {
            // A raw string: r"…", r#"…"#, …
            let hashes = chars[i + 1..].iter().take_while(|&&h| h == '#').count();
            let close: String = std::iter::once('"')
                .chain("#".repeat(hashes).chars())
                .collect();
            let open = i + 1 + hashes + 1;
            let body: String = chars[open.min(chars.len())..].iter().collect();
            let len = body.find(&close).map_or(body.len(), |e| e + close.len());
            i = open + body[..len].chars().count();
            out.push_str("\"\"");
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("\"\"");
        } else if c == '\''
            && next.is_some()
            && (chars.get(i + 2) == Some(&'\'') || next == Some('\\'))
        {
            // A char literal ('"', '\n', '\''); a lifetime has no closing quote.
            i += if next == Some('\\') { 4 } else { 3 };
            while i < chars.len() && chars[i - 1] != '\'' {
                i += 1;
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn word_before(chars: &[char], i: usize) -> bool {
    i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_')
}

/// The module path of a file: `store/sync/tx.rs` → `store::sync::tx`.
fn module_of(file: &str) -> Vec<String> {
    let file = file.trim_end_matches(".rs");
    let mut parts: Vec<String> = file.split('/').map(str::to_owned).collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    parts
}

/// The file that holds the module `path` names, or its nearest ancestor's.
fn file_of(path: &[String], files: &BTreeMap<String, String>) -> Option<String> {
    (0..=path.len()).rev().find_map(|n| {
        let stem = path[..n].join("/");
        let candidates = if n == 0 {
            vec!["lib.rs".to_string()]
        } else {
            vec![format!("{stem}.rs"), format!("{stem}/mod.rs")]
        };
        candidates.into_iter().find(|c| files.contains_key(c))
    })
}

/// Every path a file names (`use` trees expanded, and inline
/// `crate::`/`super::` paths), as module paths from the crate root.
fn named_paths(file: &str, code: &str) -> Vec<Vec<String>> {
    let here = module_of(file);
    let mut found = Vec::new();
    let words: Vec<&str> = code
        .split(|c: char| {
            !(c.is_alphanumeric() || c == '_' || c == ':' || c == '{' || c == '}' || c == ',')
        })
        .collect();
    let flat = words.join(" ");
    let mut rest = flat.as_str();
    while let Some(at) = rest.find(['c', 's']) {
        let tail = &rest[at..];
        let starts = tail.starts_with("crate::") || tail.starts_with("super::");
        let boundary =
            at == 0 || !rest[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == ':');
        if starts && boundary {
            let end = path_end(tail);
            for path in expand(&tail[..end]) {
                found.push(absolute(&here, &path));
            }
            rest = &tail[end..];
        } else {
            rest = &tail[1..];
        }
    }
    found
}

/// Where a path (with any `{…}` groups) ends.
fn path_end(text: &str) -> usize {
    let mut depth = 0;
    for (i, c) in text.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => return i,
            '}' => depth -= 1,
            ' ' | ',' if depth == 0 => return i,
            _ => {}
        }
    }
    text.len()
}

/// `a::{b, c::{d}}` → `a::b`, `a::c::d`.
fn expand(path: &str) -> Vec<String> {
    let Some(open) = path.find('{') else {
        return vec![path.trim().to_owned()];
    };
    let (head, body) = (
        &path[..open],
        &path[open + 1..path.rfind('}').unwrap_or(path.len())],
    );
    let mut items = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, c) in body.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                items.push(&body[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    items.push(&body[start..]);
    items
        .into_iter()
        .map(str::trim)
        .filter(|i| !i.is_empty())
        .flat_map(|i| expand(&format!("{head}{i}")))
        .collect()
}

/// A path from the crate root: `crate::` starts there, each `super::` goes
/// up from the file's own module.
fn absolute(here: &[String], path: &str) -> Vec<String> {
    let mut base = here.to_vec();
    let mut parts = path.split("::").filter(|p| !p.is_empty()).peekable();
    while let Some(&p) = parts.peek() {
        match p {
            "crate" => base.clear(),
            "super" => {
                base.pop();
            }
            "self" => {}
            _ => break,
        }
        parts.next();
    }
    base.extend(parts.map(str::to_owned));
    base
}

/// The server's files and which files each imports (a module's face left out).
fn graph() -> (BTreeMap<String, String>, BTreeMap<String, BTreeSet<String>>) {
    let src = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = BTreeMap::new();
    sources(&src, &src, &mut files);
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (file, code) in &files {
        let folder = module_of(file);
        let is_face = file.ends_with("mod.rs") || file == "lib.rs";
        for path in named_paths(file, code) {
            let Some(target) = file_of(&path, &files) else {
                continue;
            };
            let inside = is_face && module_of(&target).starts_with(&folder);
            if target != *file && !inside {
                edges.entry(file.clone()).or_default().insert(target);
            }
        }
    }
    (files, edges)
}

#[test]
fn routes_never_name_the_store() {
    let (files, _) = graph();
    let naming: Vec<&String> = files
        .iter()
        .filter(|(f, _)| f.starts_with("routes/"))
        .filter(|(_, code)| {
            code.split(|c: char| !(c.is_alphanumeric() || c == '_'))
                .any(|w| w == "store" || w == "Store")
        })
        .map(|(f, _)| f)
        .collect();
    assert!(
        naming.is_empty(),
        "route files that name the store: {naming:?}"
    );
}

#[test]
fn the_store_imports_nothing_above_it() {
    let (_, edges) = graph();
    let upward: Vec<(String, String)> = edges
        .iter()
        .filter(|(f, _)| f.starts_with("store/"))
        .flat_map(|(f, to)| to.iter().map(move |t| (f.clone(), t.clone())))
        .filter(|(_, t)| !t.starts_with("store/"))
        .collect();
    assert!(
        upward.is_empty(),
        "store files importing above the store: {upward:?}"
    );
}

#[test]
fn no_files_import_each_other_in_a_loop() {
    let (files, edges) = graph();
    // Imports known to be there are read: `crate::` and `super::` paths,
    // and `use` groups.
    for (from, to) in [
        ("routes/sync.rs", "identity.rs"),
        ("store/sync/tx.rs", "store/sync/records.rs"),
        ("sync/apply.rs", "sync/quota.rs"),
    ] {
        assert!(
            edges.get(from).is_some_and(|t| t.contains(to)),
            "{from} -> {to} not read: {:?}",
            edges.get(from)
        );
    }
    let mut loops = Vec::new();
    for start in files.keys() {
        // Every file reachable from `start`; a loop returns to it.
        let mut seen = BTreeSet::new();
        let mut stack: Vec<(String, Vec<String>)> = vec![(start.clone(), vec![start.clone()])];
        while let Some((at, trail)) = stack.pop() {
            for next in edges.get(&at).into_iter().flatten() {
                if next == start {
                    loops.push(trail.clone());
                } else if seen.insert(next.clone()) {
                    let mut longer = trail.clone();
                    longer.push(next.clone());
                    stack.push((next.clone(), longer));
                }
            }
        }
    }
    assert!(
        loops.is_empty(),
        "files that import each other in a loop: {loops:?}"
    );
}
