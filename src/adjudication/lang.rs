//! The languages answers are written in, and [`ByLang`], the one container
//! of a text (or anything else) in each of them.

/// A language the answers are written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lang {
    /// Vietnamese, the language of the law.
    Vi,
    /// English.
    En,
    /// Simplified Chinese.
    Zh,
}

impl Lang {
    /// Every language, in the order answers list them.
    pub const ALL: [Lang; 3] = [Lang::Vi, Lang::En, Lang::Zh];

    /// The language's code (BCP 47 primary subtag): `vi`, `en`, `zh`.
    pub const fn code(self) -> &'static str {
        match self {
            Lang::Vi => "vi",
            Lang::En => "en",
            Lang::Zh => "zh",
        }
    }

    /// The language with this code, ignoring case.
    pub fn from_code(code: &str) -> Option<Lang> {
        Lang::ALL
            .into_iter()
            .find(|l| l.code().eq_ignore_ascii_case(code))
    }
}

/// One value per language, in the order of [`Lang::ALL`] (as shakmaty's
/// `ByColor` holds one per side): a text written in every language, so that
/// a missing language does not compile.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByLang<T> {
    /// Vietnamese.
    pub vi: T,
    /// English.
    pub en: T,
    /// Chinese.
    pub zh: T,
}

impl<T> ByLang<T> {
    /// The value for `lang`.
    pub const fn get(&self, lang: Lang) -> &T {
        match lang {
            Lang::Vi => &self.vi,
            Lang::En => &self.en,
            Lang::Zh => &self.zh,
        }
    }

    /// The value for `lang`, to change.
    pub fn get_mut(&mut self, lang: Lang) -> &mut T {
        match lang {
            Lang::Vi => &mut self.vi,
            Lang::En => &mut self.en,
            Lang::Zh => &mut self.zh,
        }
    }

    /// Each value turned by `f`, which is told its language.
    pub fn map<U>(self, mut f: impl FnMut(Lang, T) -> U) -> ByLang<U> {
        ByLang {
            vi: f(Lang::Vi, self.vi),
            en: f(Lang::En, self.en),
            zh: f(Lang::Zh, self.zh),
        }
    }

    /// Every language with its value, in the order of [`Lang::ALL`].
    pub fn iter(&self) -> impl Iterator<Item = (Lang, &T)> {
        Lang::ALL.into_iter().map(move |l| (l, self.get(l)))
    }
}

impl<T: Copy> ByLang<T> {
    /// The value for `lang`, copied.
    pub const fn at(&self, lang: Lang) -> T {
        *self.get(lang)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn languages_are_found_by_code_in_any_case() {
        assert_eq!(Lang::from_code("ZH"), Some(Lang::Zh));
        assert_eq!(Lang::from_code("fr"), None);
        for l in Lang::ALL {
            assert_eq!(Lang::from_code(l.code()), Some(l));
        }
    }

    #[test]
    fn a_value_per_language_is_read_and_walked_in_the_order_of_all() {
        let codes = ByLang {
            vi: "vi",
            en: "en",
            zh: "zh",
        };
        for l in Lang::ALL {
            assert_eq!(codes.at(l), l.code());
        }
        let walked: Vec<Lang> = codes.iter().map(|(l, _)| l).collect();
        assert_eq!(walked, Lang::ALL);
        assert_eq!(codes.map(|l, c| (l, c.len())).zh, (Lang::Zh, 2));
    }
}
