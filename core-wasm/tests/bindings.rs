//! Only `src/wasm/` touches wasm-bindgen: the rules stay plain Rust, callable
//! by the server and testable natively.

use std::path::Path;

fn sources(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("read src").flatten() {
        let path = entry.path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn only_the_wasm_folder_touches_wasm_bindgen() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let wasm = src.join("wasm");
    let outside: Vec<String> = files
        .iter()
        .filter(|f| !f.starts_with(&wasm))
        .filter(|f| {
            let text = std::fs::read_to_string(f).unwrap_or_default();
            text.contains("wasm_bindgen")
                || text.contains("js_sys")
                || text.contains("serde_wasm_bindgen")
        })
        .map(|f| f.display().to_string())
        .collect();
    assert!(
        outside.is_empty(),
        "wasm-bindgen outside src/wasm/: {outside:?}"
    );
    assert!(files.iter().any(|f| f.starts_with(&wasm)));
}
