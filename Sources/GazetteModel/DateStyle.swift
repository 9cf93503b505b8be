import Foundation

/// Dates as pages and packets print them, in the site's language and time zone: the one place
/// their patterns live. Patterns are fixed (`SiteLanguage.dateFormatters`), so output does not
/// drift with ICU versions.
public struct DateStyle: Sendable {
    public let language: SiteLanguage
    public let timeZone: TimeZone
    /// DateFormatter is costly to create; a build formats thousands of dates with a few patterns,
    /// from several threads (Foundation's DateFormatter locks itself).
    private let formatters: [String: DateFormatter]

    static let patterns = [
        "yyyy년 M월 d일 (E)", "EEE d MMM yyyy", "yyyy년 M월 d일 a h:mm", "d MMM yyyy, HH:mm", "yyyy년 M월 d일", "M월 d일", "d MMM",
        "d MMM yyyy",
    ]

    public init(language: SiteLanguage, timeZone: TimeZone) {
        self.language = language
        self.timeZone = timeZone
        formatters = Self.made.withLock { made in
            let key = Key(language: language, timeZone: timeZone)
            if let known = made[key] { return known }
            let formatters = language.dateFormatters(Self.patterns, timeZone: timeZone)
            made[key] = formatters
            return formatters
        }
    }

    private struct Key: Hashable {
        var language: SiteLanguage
        var timeZone: TimeZone
    }

    /// The formatters of every language and zone asked for, made once per process: each new
    /// formatter sets up its ICU pattern on first use, and a `serve` save, which makes a style
    /// for its cards and one for its pages, spent a fifth of making its cards doing that.
    private static let made = Locked<[Key: [String: DateFormatter]]>([:])

    /// The date in the Korean or the English pattern, whichever is the site's: written here
    /// from the date's fields in the site's zone (`Fields`), as the pattern's formatter writes
    /// it, or by the formatter for a year outside 1600–9999. A build formats tens of thousands of
    /// dates on every core, and Foundation's formatter (about 2 µs each, behind a lock) was 0.8 %
    /// of a clean real-Korean build's `perf` samples. Before 1600 the formatter writes (its
    /// calendar is Julian before October 1582).
    private func format(_ date: Date, _ korean: String, _ english: String) -> String {
        let pattern = language == .ko ? korean : english
        if let fields = Fields(date, timeZone: timeZone), let text = fields.formatted(pattern) { return text }
        guard let formatter = formatters[pattern] else { preconditionFailure("DateStyle: pattern \(pattern) is not in DateStyle.patterns") }
        return formatter.string(from: date)
    }

    /// What the patterns print of a date, in a zone: the Gregorian calendar's fields.
    struct Fields {
        let year: Int, month: Int, day: Int
        /// 0 for Sunday.
        let weekday: Int
        let hour: Int, minute: Int

        /// Nil for a year outside 1600–9999 (or a date too far from 1970 to be a day).
        init?(_ date: Date, timeZone: TimeZone) {
            let local = date.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: date))
            guard local.isFinite, abs(local) < 300_000_000_000 else { return nil }
            let seconds = Int(local.rounded(.down))
            let days = seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400)
            let time = seconds - days * 86_400
            (year, month, day) = ISO8601.civilFromDays(days)
            guard (1_600...9_999).contains(year) else { return nil }
            // 1970-01-01 was a Thursday.
            weekday = ((days % 7) + 11) % 7
            hour = time / 3_600
            minute = time % 3_600 / 60
        }

        static let koreanWeekdays = ["일", "월", "화", "수", "목", "금", "토"]
        static let englishWeekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        static let englishMonths = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

        /// `pattern` (one of `DateStyle.patterns`) filled in; nil for another pattern.
        func formatted(_ pattern: String) -> String? {
            let yyyy = year < 1_000 ? String(repeating: "0", count: 4 - String(year).count) + String(year) : String(year)
            let mm = minute < 10 ? "0\(minute)" : "\(minute)"
            let mmm = Self.englishMonths[month - 1]
            switch pattern {
            case "yyyy년 M월 d일 (E)": return "\(yyyy)년 \(month)월 \(day)일 (\(Self.koreanWeekdays[weekday]))"
            case "EEE d MMM yyyy": return "\(Self.englishWeekdays[weekday]) \(day) \(mmm) \(yyyy)"
            case "yyyy년 M월 d일 a h:mm": return "\(yyyy)년 \(month)월 \(day)일 \(hour < 12 ? "오전" : "오후") \(hour % 12 == 0 ? 12 : hour % 12):\(mm)"
            case "d MMM yyyy, HH:mm": return "\(day) \(mmm) \(yyyy), \(hour < 10 ? "0\(hour)" : "\(hour)"):\(mm)"
            case "yyyy년 M월 d일": return "\(yyyy)년 \(month)월 \(day)일"
            case "M월 d일": return "\(month)월 \(day)일"
            case "d MMM": return "\(day) \(mmm)"
            case "d MMM yyyy": return "\(day) \(mmm) \(yyyy)"
            default: return nil
            }
        }
    }

    /// `date` as the pattern's Foundation formatter writes it, for tests that hold `Fields` to it.
    func formatterOutput(_ date: Date, _ korean: String, _ english: String) -> String? {
        formatters[language == .ko ? korean : english]?.string(from: date)
    }

    /// `2026년 11월 18일 (수)` / `Wed 18 Nov 2026`: a day with its weekday, as pages show it.
    public func day(_ date: Date) -> String { format(date, "yyyy년 M월 d일 (E)", "EEE d MMM yyyy") }

    /// `2026년 11월 18일` / `18 Nov 2026`: a day alone, as packets print it.
    public func plainDay(_ date: Date) -> String { format(date, "yyyy년 M월 d일", "d MMM yyyy") }

    /// `2026년 11월 18일 오후 9:40` / `18 Nov 2026, 21:40`.
    public func dayAndTime(_ date: Date) -> String { format(date, "yyyy년 M월 d일 a h:mm", "d MMM yyyy, HH:mm") }

    /// `2026년 47주차` / `Week 47, 2026`.
    public func week(_ week: ISOWeek) -> String {
        language == .ko ? "\(week.year)년 \(week.week)주차" : "Week \(week.week), \(week.year)"
    }

    /// `11월 16일 – 11월 22일` / `16 Nov – 22 Nov 2026`: the week's first and last day.
    public func range(_ week: ISOWeek) -> String {
        let interval = week.interval(in: timeZone)
        return range(interval.start, interval.end.addingTimeInterval(-1))
    }

    /// The week's form for any span of days; `year` names the year in Korean too
    /// (`2026년 11월 3일 – 11월 21일`), for a span that is not a week.
    public func range(_ start: Date, _ end: Date, year: Bool = false) -> String {
        if language == .ko {
            return "\(format(start, year ? "yyyy년 M월 d일" : "M월 d일", "d MMM")) – \(format(end, "M월 d일", "d MMM"))"
        }
        return "\(format(start, "M월 d일", "d MMM")) – \(format(end, "yyyy년 M월 d일", "d MMM yyyy"))"
    }

    /// Machine-readable form for `<time datetime>`: `2026-11-18T21:40:00+09:00`.
    public func iso(_ date: Date) -> String { ISO8601.format(date, in: timeZone) }
}
