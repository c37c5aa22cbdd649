//! `named_enum!`: an enum whose values are spelled as text in one place each.

/// An enum whose every variant is written with its name (`Chase = "chase"`), the one place
/// that name is spelled. Generates the enum, `ALL` (every value, in declaration order),
/// `as_str` (the name) and `from_name` (the value of a name). The API's wire enums
/// (`api::answer`) add serde on top; the diagram's arrow and mark kinds use it as it is.
macro_rules! named_enum {
    (
        $(#[$meta:meta])*
        pub enum $name:ident {
            $( $(#[$vmeta:meta])* $variant:ident = $text:literal, )+
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum $name {
            $( $(#[$vmeta])* $variant, )+
        }

        impl $name {
            /// Every value, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The value's name.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $( $name::$variant => $text, )+
                }
            }

            /// The value named `name`.
            pub fn from_name(name: &str) -> Option<$name> {
                $name::ALL.iter().copied().find(|v| v.as_str() == name)
            }
        }
    };
}
