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

    /// The date a member meant, written as `parse` reads it, when `text` is a date in another
    /// common form: dots or slashes (`2026.12.02`, `2026/12/2`), days and months without their
    /// zero (`2026-12-2`), Korean (`2026년 12월 2일`, and `12월 2일` in `year`, the year the file
    /// was written), with a time or not (`21:40`, `오후 9시 40분`). Nil for anything else (an error
    /// then shows the form to write, not a guess).
    public static func suggestion(for text: String, timeZone: TimeZone, year: Int? = nil) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let loose = #/^(\d{4})\s*(?:[.\/-]|년)\s*(\d{1,2})\s*(?:[.\/-]|월)\s*(\d{1,2})\s*(?:일|\.)?(.*)$/#
        let korean = #/^(\d{1,2})\s*월\s*(\d{1,2})\s*일(.*)$/#
        let found: (year: Int, month: Int, day: Int, time: Substring)
        if let match = trimmed.wholeMatch(of: loose), let year = Int(match.output.1), let month = Int(match.output.2), let day = Int(match.output.3) {
            found = (year, month, day, match.output.4)
        } else if let year, let match = trimmed.wholeMatch(of: korean), let month = Int(match.output.1), let day = Int(match.output.2) {
            found = (year, month, day, match.output.3)
        } else {
            return nil
        }
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        var written = "\(found.year)-\(two(found.month))-\(two(found.day))"
        let time = found.time.trimmingCharacters(in: .whitespaces)
        if let clock = time.wholeMatch(of: /(\d{1,2}):(\d{2})/), let hour = Int(clock.output.1), let minute = Int(clock.output.2) {
            written += " \(two(hour)):\(two(minute))"
        } else if let spoken = time.wholeMatch(of: /(오전|오후)?\s*(\d{1,2})\s*시(?:\s*(\d{1,2})\s*분)?/), var hour = Int(spoken.output.2) {
            // 오후 9시 is 21:00; 오전 12시 is midnight, 오후 12시 noon.
            if spoken.output.1 == "오후", hour < 12 { hour += 12 } else if spoken.output.1 == "오전", hour == 12 { hour = 0 }
            written += " \(two(hour)):\(two(spoken.output.3.flatMap { Int($0) } ?? 0))"
        } else if !time.isEmpty {
            return nil
        }
        return parse(written, timeZone: timeZone) == nil ? nil : written
    }
}
