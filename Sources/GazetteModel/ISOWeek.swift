import Foundation

/// An ISO 8601 week, such as `2026-W47`: the unit a digest, a week page and a packet cover.
public struct ISOWeek: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var year: Int
    public var week: Int

    public init(year: Int, week: Int) { (self.year, self.week) = (year, week) }

    /// Parses `2026-W47` (also `2026-w47`, `2026W47`).
    public init?(_ text: String) {
        let upper = text.uppercased()
        let parts = upper.split(separator: "W", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        var yearPart = parts[0]
        if yearPart.hasSuffix("-") { yearPart = yearPart.dropLast() }
        guard yearPart.count == 4, let year = Int(yearPart), let week = Int(parts[1]), parts[1].count == 2,
            (1...53).contains(week), week <= ISOWeek.weeks(inYear: year)
        else { return nil }
        self.init(year: year, week: week)
    }

    /// The ISO week that contains `date` as seen in `timeZone`.
    ///
    /// Counted from the day number, not asked of `Calendar`: its `dateComponents` was 6 % of
    /// loading a 2,000-journal site on every `serve` save. Dates the arithmetic does not cover
    /// (before 1900, where Foundation's calendar turns Julian in 1582, or past 9999) still ask
    /// the calendar; `ISOWeekTests` compares both.
    public init(containing date: Date, in timeZone: TimeZone) {
        let local = date.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: date))
        guard local >= -2_208_988_800, local < 253_402_300_800 else {
            self.init(calendarWeekContaining: date, in: timeZone)
            return
        }
        let day = Int((local / 86_400).rounded(.down))
        // 1970-01-01 was a Thursday; the ISO week and its year are those of the week's Thursday.
        let weekday = ((day + 3) % 7 + 7) % 7  // Monday 0 … Sunday 6
        let thursday = day - weekday + 3
        let year = ISO8601.civilFromDays(thursday).0
        self.init(year: year, week: (thursday - ISO8601.daysFromCivil(year, 1, 1)) / 7 + 1)
    }

    /// The week as Foundation's ISO 8601 calendar counts it.
    public init(calendarWeekContaining date: Date, in timeZone: TimeZone) {
        let calendar = ISOWeek.calendar(timeZone)
        let parts = calendar.dateComponents([.yearForWeekOfYear, .weekOfYear], from: date)
        self.init(year: parts.yearForWeekOfYear ?? 1970, week: parts.weekOfYear ?? 1)
    }

    /// `2026-W47`: the year to four digits and the week to two, as C's `%04d` and `%02d` pad
    /// them. Not by `String(format:)`, which every week page's path went through on each save.
    public var description: String {
        Self.padded(year, to: 4) + "-W" + Self.padded(week, to: 2)
    }

    static func padded(_ value: Int, to width: Int) -> String {
        if value < 0 { return "-" + padded(-value, to: width - 1) }
        let digits = String(value)
        return digits.utf8.count < width ? String(repeating: "0", count: width - digits.utf8.count) + digits : digits
    }

    /// Midnight of the week's Monday and midnight after its Sunday, in `timeZone`.
    public func interval(in timeZone: TimeZone) -> DateInterval {
        let calendar = ISOWeek.calendar(timeZone)
        var parts = DateComponents()
        parts.yearForWeekOfYear = year
        parts.weekOfYear = week
        parts.weekday = 2
        let start = calendar.date(from: parts) ?? Date(timeIntervalSince1970: 0)
        let end = calendar.date(byAdding: .day, value: 7, to: start) ?? start
        return DateInterval(start: start, end: end)
    }

    public static func < (a: ISOWeek, b: ISOWeek) -> Bool { (a.year, a.week) < (b.year, b.week) }

    static func weeks(inYear year: Int) -> Int {
        // A year has 53 ISO weeks when 28 December falls in week 53.
        let calendar = ISOWeek.calendar(TimeZone(identifier: "UTC") ?? .current)
        let dec28 = calendar.date(from: DateComponents(year: year, month: 12, day: 28)) ?? Date()
        return calendar.component(.weekOfYear, from: dec28)
    }

    static func calendar(_ timeZone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = timeZone
        calendar.locale = Locale(identifier: "en_US_POSIX")
        return calendar
    }
}
