//! Enums whose values travel as fixed words (`"morning"`, `"weight_loss"`).
//! Each one declared with `wire_enum!` knows its words, so the generated
//! TypeScript offers both the type and the list of values (for pickers).

/// The words of an enum, in declaration order.
pub trait WireEnum: Sized + 'static {
    const VALUES: &'static [&'static str];
}

/// Declares an enum with the given wire word for each variant.
#[macro_export]
macro_rules! wire_enum {
    ($(#[$meta:meta])* pub enum $name:ident { $($variant:ident = $wire:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(
            Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash,
            serde::Serialize, serde::Deserialize, ts_rs::TS,
        )]
        pub enum $name {
            $(#[serde(rename = $wire)] $variant),+
        }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The word this value travels as.
            pub const fn wire(self) -> &'static str {
                match self {
                    $($name::$variant => $wire),+
                }
            }

            pub fn from_wire(word: &str) -> Option<Self> {
                Self::ALL.iter().copied().find(|v| v.wire() == word)
            }
        }

        impl $crate::records::read::FromField for $name {
            fn from_value(value: &serde_json::Value) -> Result<Self, String> {
                let words = <Self as $crate::wire_enum::WireEnum>::VALUES;
                $crate::records::read::word_index(value, words).map(|i| Self::ALL[i])
            }
        }

        impl $crate::records::read::ToField for $name {
            fn to_field(&self) -> serde_json::Value {
                serde_json::Value::String(self.wire().into())
            }
        }

        impl $crate::wire_enum::WireEnum for $name {
            const VALUES: &'static [&'static str] = &[$($wire),+];
        }

        // In the API's documents: one of the words (crates with an `openapi`
        // feature; written out, as derives do not see words passed to a macro).
        #[cfg(feature = "openapi")]
        impl utoipa::PartialSchema for $name {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
                utoipa::openapi::schema::ObjectBuilder::new()
                    .schema_type(utoipa::openapi::schema::Type::String)
                    .enum_values(Some([$($wire),+]))
                    .into()
            }
        }

        #[cfg(feature = "openapi")]
        impl utoipa::ToSchema for $name {}
    };
}
