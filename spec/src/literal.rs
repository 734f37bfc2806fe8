//! How `build.rs` writes the data it read (the editions' parameters) as
//! Rust expressions, so that the crate holds them as constants and parses
//! no YAML at run time. Shared by the build script and the crate.

/// A value that can be written as a Rust expression of its own type.
#[doc(hidden)]
pub trait RustLiteral {
    /// The Rust expression, with type paths relative to the module that
    /// includes the generated code.
    fn rust(&self) -> String;
}

impl RustLiteral for bool {
    fn rust(&self) -> String {
        self.to_string()
    }
}

impl RustLiteral for u32 {
    fn rust(&self) -> String {
        self.to_string()
    }
}

impl RustLiteral for i32 {
    fn rust(&self) -> String {
        self.to_string()
    }
}

impl<T: RustLiteral> RustLiteral for Option<T> {
    fn rust(&self) -> String {
        match self {
            Some(v) => format!("Some({})", v.rust()),
            None => "None".into(),
        }
    }
}

/// Declares a struct of edition parameters: the struct as written (with
/// `Clone, Debug, PartialEq, Eq`, serde's `Deserialize` and
/// `deny_unknown_fields`, so a misspelt key is an error) and its
/// [`RustLiteral`]. Adding a field is adding it here; `build.rs` then
/// writes it for every edition, and a profile without it fails the build.
#[doc(hidden)]
#[macro_export]
macro_rules! parameters {
    (
        $(#[$attr:meta])*
        pub struct $name:ident {
            $( $(#[$fattr:meta])* pub $field:ident : $ty:ty ),* $(,)?
        }
    ) => {
        $(#[$attr])*
        #[derive(Clone, Debug, PartialEq, Eq, $crate::__serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        pub struct $name {
            $( $(#[$fattr])* pub $field: $ty, )*
        }

        impl $crate::RustLiteral for $name {
            fn rust(&self) -> String {
                let mut s = String::from(concat!(stringify!($name), " {"));
                $(
                    s.push_str(concat!(" ", stringify!($field), ": "));
                    s.push_str(&$crate::RustLiteral::rust(&self.$field));
                    s.push(',');
                )*
                s.push_str(" }");
                s
            }
        }
    };
}
