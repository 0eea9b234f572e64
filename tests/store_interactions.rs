//! Claimed interaction ids (schema version 5, issue 32 item 3): a second claim of one id fails,
//! also after the file is reopened; claims older than an hour are pruned.

use vqbot::store::{Store, SEEN_KEEP_MS};

/// x_dedup_store: the claim is a row in the file, so it outlives the process.
#[test]
fn x_an_interaction_id_is_claimed_once_across_a_reopen() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("vq.sqlite3");
    let at = 1_800_000_000_000;
    {
        let mut s = Store::open(&path).expect("open");
        assert!(s.claim_interaction(42, at).expect("claim"));
        assert!(!s.claim_interaction(42, at + 5).expect("claim again"));
        assert!(s.claim_interaction(43, at + 6).expect("another id"));
    }
    let mut s = Store::open(&path).expect("reopen");
    assert!(!s.claim_interaction(42, at + 10).expect("after reopen"));
    // An hour later the old claims are pruned by the next claim.
    let later = at + SEEN_KEEP_MS + 100;
    assert!(s.claim_interaction(44, later).expect("a new id"));
    let left: i64 = s
        .connection()
        .query_row("SELECT count(*) FROM seen_interactions", [], |r| r.get(0))
        .expect("count");
    assert_eq!(left, 1, "only the fresh claim is kept");
}
