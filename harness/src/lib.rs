//! The suite runner (being written).
