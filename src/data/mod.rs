//! Game data loading.
