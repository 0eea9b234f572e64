//! Pure rules.
