import Foundation
import GazetteModel

/// Dates as people write them in front matter: `2026-11-18`, `2026-11-18 21:40`,
/// `2026-11-18T21:40:05`, optionally with `Z` or an offset such as `+09:00`. Without an offset,
/// the site time zone applies.
public enum JournalDate {
    public static func parse(_ text: String, timeZone: TimeZone) -> Date? {
        let trimmed = UTF8Search.trimmingWhiteSpace(text)
        let scalars = Array(trimmed.unicodeScalars)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= scalars.count else { return nil }
            var value = 0
            for scalar in scalars[range] {
                guard let digit = Int(String(scalar)), ("0"..."9").contains(Character(scalar)) else { return nil }
                value = value * 10 + digit
            }
            return value
        }
        guard scalars.count >= 10, scalars[4] == "-", scalars[7] == "-",
            let year = number(0..<4), let month = number(5..<7), let day = number(8..<10)
        else { return nil }
        var hour = 0, minute = 0, second = 0
        var index = 10
        if index < scalars.count, scalars[index] == " " || scalars[index] == "T" {
            guard let h = number(index + 1..<index + 3), index + 3 < scalars.count, scalars[index + 3] == ":",
                let m = number(index + 4..<index + 6)
            else { return nil }
            (hour, minute) = (h, m)
            index += 6
            if index < scalars.count, scalars[index] == ":" {
                guard let s = number(index + 1..<index + 3) else { return nil }
                second = s
                index += 3
            }
        }
        var zone = timeZone
        let rest = UTF8Search.trimmingWhiteSpace(String(String.UnicodeScalarView(scalars[index...])))
        if rest == "Z" {
            zone = TimeZone(identifier: "UTC") ?? timeZone
        } else if !rest.isEmpty {
            let sign = rest.first == "-" ? -1 : 1
            let digits = rest.dropFirst().replacingOccurrences(of: ":", with: "")
            guard rest.first == "+" || rest.first == "-", digits.count == 4, let value = Int(digits),
                let offset = TimeZone(secondsFromGMT: sign * ((value / 100) * 3600 + (value % 100) * 60))
            else { return nil }
            zone = offset
        }
        guard (1...12).contains(month), (1...31).contains(day), (0...23).contains(hour), (0...59).contains(minute),
            (0...60).contains(second)
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        guard let date = calendar.date(from: parts),
            calendar.component(.day, from: date) == day  // rejects 2026-02-30
        else { return nil }
        return date
    }

    /// What is past its end in a date written in the right form (`2026-02-30`, `2026-12-07
    /// 25:00`): the month, the day, the hour or the minute, in a member's words. Nil when the
    /// text is not in that form or nothing in it is out of range.
    static func outOfRange(_ text: String) -> String? {
        guard let match = text.wholeMatch(of: /\s*(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?.*/),
            let year = Int(match.1), let month = Int(match.2), let day = Int(match.3)
        else { return nil }
        let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
        guard (1...12).contains(month) else { return "there is no month \(match.2): months are 01 to 12" }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        if day == 0 { return "there is no day 00: days start at 01" }
        if day > days { return "\(months[month - 1]) \(year) has \(days) days, not \(match.3)" }
        if let hour = match.4.flatMap({ Int($0) }), hour > 23 { return "the hour is \(match.4 ?? ""): hours are 00 to 23" }
        if let minute = match.5.flatMap({ Int($0) }), minute > 59 { return "the minute is \(match.5 ?? ""): minutes are 00 to 59" }
        if let second = match.6.flatMap({ Int($0) }), second > 60 { return "the second is \(match.6 ?? ""): seconds are 00 to 59" }
        return nil
    }

    /// Whether `text` is a day alone (`2026-12-07`), which `parse` reads as its midnight: pages
    /// show such a date without a time.
    public static func isDay(_ text: String) -> Bool {
        let trimmed = UTF8Search.trimmingWhiteSpace(text)
        return trimmed.utf8.count == 10 && parse(trimmed, timeZone: TimeZone(secondsFromGMT: 0) ?? .current) != nil
    }

    /// The dates a member meant, each written as `parse` reads it and with the day it means (`6
    /// December`), when `text` is a date in another common form: dots or slashes (`2026.12.02`,
    /// `2026/12/2`), days and months without their zero (`2026-12-2`), Korean (`2026년 12월 2일`,
    /// and `12월 2일` in `year`, the year the file was written), the day and month before the year
    /// (`6.12.2026`, `12/06/2026`), English (`Dec 6, 2026`, `Sunday, December 6`, `6 Dec 2026`),
    /// with a time or not (`clock`). Empty for anything else (an error
    /// then shows the form to write, not a guess). People order a day and month before the year
    /// both ways: one date where the numbers tell (a number above 12 is the day), else both.
    public static func suggestions(for text: String, timeZone: TimeZone, year: Int? = nil) -> [(written: String, reading: String)] {
        // Typed in an input method's full-width mode (`２０２６－１２－０７ ０９：５２`): read as the
        // characters they stand for (NFKC), which the date written then uses.
        let trimmed = text.precomposedStringWithCompatibilityMapping.trimmingCharacters(in: .whitespaces)
        let loose = #/^(\d{4})\s*(?:[.\/-]|년)\s*(\d{1,2})\s*(?:[.\/-]|월)\s*(\d{1,2})\s*(?:일|\.)?(.*)$/#
        let korean = #/^(\d{1,2})\s*월\s*(\d{1,2})\s*일(.*)$/#
        let yearLast = #/^(\d{1,2})\s*[.\/-]\s*(\d{1,2})\s*[.\/-]\s*(\d{4})\.?(.*)$/#
        var days: [(year: Int, month: Int, day: Int)] = []
        let rest: Substring
        if let match = trimmed.wholeMatch(of: loose), let year = Int(match.output.1), let month = Int(match.output.2), let day = Int(match.output.3) {
            (days, rest) = ([(year, month, day)], match.output.4)
        } else if let year, let match = trimmed.wholeMatch(of: korean), let month = Int(match.output.1), let day = Int(match.output.2) {
            (days, rest) = ([(year, month, day)], match.output.3)
        } else if let named = namedMonth(trimmed), let year = named.year ?? year {
            (days, rest) = ([(year, named.month, named.day)], named.rest)
        } else if let match = trimmed.wholeMatch(of: yearLast), let first = Int(match.output.1), let second = Int(match.output.2),
            let year = Int(match.output.3)
        {
            // Day first (6.12.2026, as most of the world writes it), then month first (12/06/2026,
            // as the United States does); the same date once when both read alike.
            days = [(year, second, first)]
            if first != second { days.append((year, first, second)) }
            rest = match.output.4
        } else {
            return []
        }
        guard let clock = Self.clock(rest.trimmingCharacters(in: .whitespaces)) else { return [] }
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
        return days.compactMap { found in
            let written = "\(found.year)-\(two(found.month))-\(two(found.day))" + clock
            guard parse(written, timeZone: timeZone) != nil else { return nil }
            return (written, "\(found.day) \(months[found.month - 1])")
        }
    }

    /// A day written with its month's English name, as an English calendar or mail shows it:
    /// `Dec 6, 2026`, `December 6th 2026`, `6 Dec 2026`, `Sun, Dec 6` (a weekday first is
    /// skipped), then what follows (` at 9:00 AM`, the time); nil for anything else.
    static func namedMonth(_ text: String) -> (month: Int, day: Int, year: Int?, rest: Substring)? {
        let names = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
        let pattern = #/^(?:[A-Za-z]{3,9}\.?,?\s+)??(?:([A-Za-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?|(\d{1,2})(?:st|nd|rd|th)?\s+([A-Za-z]{3,9})\.?)(?:,?\s+(\d{4}))?(?:,?\s+(?:at\s+)?(.*))?$/#
        guard let match = text.wholeMatch(of: pattern), let word = match.output.1 ?? match.output.4, let digits = match.output.2 ?? match.output.3,
            let day = Int(digits), case let lower = word.lowercased(), let month = names.firstIndex(of: String(lower.prefix(3))),
            ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december", "sept"]
                .contains(where: { $0.hasPrefix(lower) && lower.count >= 3 })
        else { return nil }
        return (month + 1, day, match.output.5.flatMap { Int($0) }, match.output.6 ?? "")
    }

    /// A time as `parse` reads it (` 21:40`, with its space), "" for none, nil for text that is
    /// no time: `21:40`, `9:40`, `21:40:05`, `오후 9시 40분`, `오후 3시 반` (half past), `오후 9:40`,
    /// `9:40 PM`, `9 pm`.
    static func clock(_ time: String) -> String? {
        guard !time.isEmpty else { return "" }
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        // 오후 9 and 9 PM are 21:00; 오전 12 and 12 AM are midnight, 오후 12 and 12 PM noon.
        func hour(_ hour: Int, afternoon: Bool?) -> Int {
            guard let afternoon else { return hour }
            return afternoon ? (hour < 12 ? hour + 12 : hour) : (hour == 12 ? 0 : hour)
        }
        func valid(_ hour: Int, _ minute: Int, _ second: Int? = nil) -> String? {
            guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second ?? 0) else { return nil }
            return " \(two(hour)):\(two(minute))" + (second.map { ":\(two($0))" } ?? "")
        }
        if let match = time.wholeMatch(of: /(오전|오후)?\s*(\d{1,2}):(\d{2})(?::(\d{2}))?/), let h = Int(match.output.2), let m = Int(match.output.3) {
            return valid(hour(h, afternoon: match.output.1.map { $0 == "오후" }), m, match.output.4.flatMap { Int($0) })
        }
        if let match = time.wholeMatch(of: /(?i)(\d{1,2})(?::(\d{2}))?\s*([ap])\.?\s*m\.?/), let h = Int(match.output.1), (1...12).contains(h) {
            return valid(hour(h, afternoon: match.output.3.lowercased() == "p"), match.output.2.flatMap { Int($0) } ?? 0)
        }
        if let match = time.wholeMatch(of: /(오전|오후)?\s*(\d{1,2})\s*시(?:\s*(\d{1,2})\s*분|\s*(반))?/), let h = Int(match.output.2) {
            return valid(hour(h, afternoon: match.output.1.map { $0 == "오후" }), match.output.3.flatMap { Int($0) } ?? (match.output.4 == nil ? 0 : 30))
        }
        return nil
    }
}
