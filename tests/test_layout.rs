//! The integration tests are gathered into four binaries (`autotests = false` in Cargo.toml):
//! a test file that no group lists would silently never run, so this test fails on one.

use std::collections::BTreeSet;
use std::path::Path;

const GROUPS: [&str; 4] = ["core", "table", "discord", "ops"];

#[test]
fn every_test_file_is_in_a_group() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut listed = BTreeSet::new();
    for g in GROUPS {
        let text = std::fs::read_to_string(dir.join(format!("{g}.rs"))).expect("group file");
        for line in text.lines() {
            if let Some(rest) = line.trim().strip_prefix("#[path = \"") {
                if let Some(file) = rest.strip_suffix("\"]") {
                    listed.insert(file.to_string());
                }
            }
        }
    }
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("tests dir") {
        let name = entry
            .expect("entry")
            .file_name()
            .to_string_lossy()
            .into_owned();
        let stem = name.strip_suffix(".rs");
        if let Some(stem) = stem {
            if !GROUPS.contains(&stem) && !listed.contains(&name) {
                missing.push(name);
            }
        }
    }
    assert!(
        missing.is_empty(),
        "test files not in any group of tests/{{core,table,discord,ops}}.rs: {missing:?}"
    );
    let manifest =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml"))
            .expect("Cargo.toml");
    for g in GROUPS {
        assert!(
            manifest.contains(&format!("path = \"tests/{g}.rs\"")),
            "Cargo.toml declares no [[test]] for tests/{g}.rs"
        );
    }
}
