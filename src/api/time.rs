//! Instants written as RFC 3339 timestamps, UTC (`2026-12-01T03:37:13Z`) or on a clock with
//! its offset (`2026-12-01T10:37:13+07:00`), with the standard library alone: the report stamps
//! the time it was made, and that is all the calendar the service needs.

use std::time::{SystemTime, UNIX_EPOCH};

/// `t` as `YYYY-MM-DDTHH:MM:SSZ`, to the second (an instant before 1970 is written as 1970's
/// first second: the clock of a running server is never that wrong).
pub fn rfc3339(t: SystemTime) -> String {
    let secs = t.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let (days, rest) = (secs / 86_400, secs % 86_400);
    let (year, month, day) = civil_from_days(days);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rest / 3600,
        rest % 3600 / 60,
        rest % 60
    )
}

/// `t` on a clock `offset_minutes` east of UTC, as RFC 3339 with that offset
/// (`2026-12-04T17:03:29+07:00`), to the second.
pub fn rfc3339_at(t: SystemTime, offset_minutes: i64) -> String {
    let secs = t.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let local = secs.saturating_add_signed(offset_minutes * 60);
    let (days, rest) = (local / 86_400, local % 86_400);
    let (year, month, day) = civil_from_days(days);
    let sign = if offset_minutes < 0 { '-' } else { '+' };
    let off = offset_minutes.unsigned_abs();
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}{sign}{:02}:{:02}",
        rest / 3600,
        rest % 3600 / 60,
        rest % 60,
        off / 60,
        off % 60
    )
}

/// The proleptic Gregorian date (year, month 1-12, day 1-31) `days` days after 1970-01-01.
///
/// Counts in eras of 400 years (146,097 days, the calendar's full period), from 0000-03-01 so
/// that February, with its leap day, ends each year of the count.
pub fn civil_from_days(days: u64) -> (u64, u32, u32) {
    // Days from 0000-03-01 to 1970-01-01.
    const EPOCH_SHIFT: u64 = 719_468;
    const ERA_DAYS: u64 = 146_097;
    let z = days + EPOCH_SHIFT;
    let era = z / ERA_DAYS;
    let day_of_era = z % ERA_DAYS;
    // Years of 365 days, less a day each 4 years, plus one back each 100, less each 400.
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / (ERA_DAYS - 1)) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    // Months from March, of 31 30 31 30 31 31 30 31 30 31 31 (28/29) days: 153 days per 5.
    let month_from_march = (5 * day_of_year + 2) / 153;
    let day = (day_of_year - (153 * month_from_march + 2) / 5 + 1) as u32;
    let month = if month_from_march < 10 {
        month_from_march + 3
    } else {
        month_from_march - 9
    } as u32;
    let year = year_of_era + era * 400 + u64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn local_times_carry_their_offset() {
        let t = UNIX_EPOCH + Duration::from_secs(1_764_867_809); // 2025-12-04T17:03:29Z
        assert_eq!(rfc3339(t), "2025-12-04T17:03:29Z");
        assert_eq!(rfc3339_at(t, 420), "2025-12-05T00:03:29+07:00");
        assert_eq!(rfc3339_at(t, -330), "2025-12-04T11:33:29-05:30");
        assert_eq!(rfc3339_at(t, 0), "2025-12-04T17:03:29+00:00");
    }

    #[test]
    fn known_dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(59), (1970, 3, 1));
        // 2000 is a leap year (divisible by 400); 2100 is not.
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(11_017), (2000, 3, 1));
        assert_eq!(civil_from_days(47_540), (2100, 2, 28));
        assert_eq!(civil_from_days(47_541), (2100, 3, 1));
        assert_eq!(civil_from_days(20_788), (2026, 12, 1));
    }

    #[test]
    fn every_day_follows_the_one_before() {
        let mut last = civil_from_days(0);
        for days in 1..200_000 {
            let (y, m, d) = civil_from_days(days);
            let next_day = (y, m, d) == (last.0, last.1, last.2 + 1);
            let next_month = (y, m, d) == (last.0, last.1 + 1, 1);
            let next_year = (y, m, d) == (last.0 + 1, 1, 1) && last.1 == 12 && last.2 == 31;
            assert!(
                next_day || next_month || next_year,
                "{last:?} then {:?}",
                (y, m, d)
            );
            let leap = y % 4 == 0 && (y % 100 != 0 || y % 400 == 0);
            let length = match m {
                2 if leap => 29,
                2 => 28,
                4 | 6 | 9 | 11 => 30,
                _ => 31,
            };
            assert!(d <= length, "{y}-{m}-{d}");
            last = (y, m, d);
        }
    }

    #[test]
    fn timestamps_are_utc_to_the_second() {
        let t = UNIX_EPOCH + Duration::from_secs(1_796_096_233) + Duration::from_millis(900);
        assert_eq!(rfc3339(t), "2026-12-01T03:37:13Z");
        assert_eq!(rfc3339(UNIX_EPOCH), "1970-01-01T00:00:00Z");
    }
}
