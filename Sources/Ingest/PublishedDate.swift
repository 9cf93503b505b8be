import Foundation
import GazetteModel

/// Publication dates as sources write them — RFC 822 (Naver, RSS) and ISO 8601 / RFC 3339
/// (NewsAPI, MediaStack, Atom) — turned into the store's form: ISO 8601 with the source's own
/// offset (`2023-11-14T09:50:00+09:00`, `+00:00` for UTC).
public enum PublishedDate {
    /// An instant and the UTC offset (seconds) it was written in.
    public struct Parsed: Sendable, Equatable {
        public var date: Date
        public var offset: Int
    }

    /// The store's form of `text`, or nil when it is neither RFC 822 nor ISO 8601.
    public static func normalize(_ text: String?) -> String? {
        guard let text = text?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
        guard let parsed = parseISO(text) ?? parseRFC822(text) else { return nil }
        return format(parsed.date, offset: parsed.offset)
    }

    /// `2023-11-14T09:50:00+09:00`; whole seconds; `+00:00` for UTC.
    public static func format(_ date: Date, offset: Int) -> String {
        let zone = TimeZone(secondsFromGMT: offset) ?? TimeZone(identifier: "UTC") ?? .current
        let text = ISO8601.format(date, in: zone)
        return text.hasSuffix("Z") ? String(text.dropLast()) + "+00:00" : text
    }

    /// ISO 8601 / RFC 3339: `2024-01-15T10:00:00Z`, `2021-09-07T08:32:52+00:00`, `…+0900`,
    /// fractional seconds; without a zone the time is taken as UTC; a bare date as midnight UTC.
    public static func parseISO(_ text: String) -> Parsed? {
        var text = text
        if text.count == 10 { text += "T00:00:00Z" }
        if let date = ISO8601.parse(text) { return Parsed(date: date, offset: offset(ofISO: text)) }
        if let date = ISO8601.parse(text + "Z") { return Parsed(date: date, offset: 0) }
        return nil
    }

    private static func offset(ofISO text: String) -> Int {
        let scalars = Array(text.unicodeScalars)
        guard let last = scalars.last, last != "Z", last != "z" else { return 0 }
        // ±HH:MM or ±HHMM at the end, after the time.
        for length in [6, 5] where scalars.count > 19 + length - 1 {
            let tail = scalars.suffix(length)
            guard let sign = tail.first, sign == "+" || sign == "-" else { continue }
            let digits = tail.dropFirst().filter { $0 != ":" }.compactMap { Int(String($0)) }
            guard digits.count == 4 else { continue }
            let seconds = (digits[0] * 10 + digits[1]) * 3600 + (digits[2] * 10 + digits[3]) * 60
            return sign == "-" ? -seconds : seconds
        }
        return 0
    }

    static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// Zone names RFC 822 allows, and a few feeds use anyway; an unknown name counts as UTC
    /// (as RFC 2822 says of `-0000`).
    static let zones: [String: Int] = [
        "UT": 0, "UTC": 0, "GMT": 0, "Z": 0, "EST": -5, "EDT": -4, "CST": -6, "CDT": -5, "MST": -7, "MDT": -6,
        "PST": -8, "PDT": -7, "KST": 9, "JST": 9, "CET": 1, "CEST": 2, "BST": 1,
    ]

    /// RFC 822 / 2822: `Tue, 14 Nov 2023 09:50:00 +0900`, `14 Nov 23 09:50 GMT` (weekday and
    /// seconds optional, two-digit years, numeric offsets or zone names).
    public static func parseRFC822(_ text: String) -> Parsed? {
        var words = text.replacingOccurrences(of: ",", with: " ").split(separator: " ").map(String.init)
        if let first = words.first, first.first?.isLetter == true { words.removeFirst() }  // weekday
        guard words.count >= 4, let day = Int(words[0]), (1...31).contains(day),
            let month = months.firstIndex(of: String(words[1].lowercased().prefix(3))).map({ $0 + 1 }),
            var year = Int(words[2])
        else { return nil }
        if words[2].count == 2 { year += year < 50 ? 2000 : 1900 }
        let time = words[3].split(separator: ":").compactMap { Int($0) }
        guard time.count >= 2, time.count <= 3, time[0] < 24, time[1] < 60, (time.count == 2 || time[2] < 61) else { return nil }
        var offset = 0
        if words.count >= 5 {
            let zone = words[4]
            if let sign = zone.first, sign == "+" || sign == "-" {
                let digits = zone.dropFirst().filter { $0 != ":" }
                guard digits.count == 4, let value = Int(digits) else { return nil }
                offset = (value / 100 * 3600 + value % 100 * 60) * (sign == "-" ? -1 : 1)
            } else {
                offset = (zones[zone.uppercased()] ?? 0) * 3600
            }
        }
        let two = { (n: Int) in n < 10 ? "0\(n)" : "\(n)" }
        let iso = "\(year)-\(two(month))-\(two(day))T\(two(time[0])):\(two(time[1])):\(two(time.count > 2 ? time[2] : 0))Z"
        guard year >= 1000, year <= 9999, let utc = ISO8601.parse(iso) else { return nil }
        return Parsed(date: utc.addingTimeInterval(Double(-offset)), offset: offset)
    }
}
