import Foundation

/// One news story in the article store (`content/articles/YYYY-Www.json`), from a news API, a
/// feed or added by hand. Text fields are plain text.
///
/// A value, kept in one shared box: a copy is one retain, not one per text field, and two
/// copies of one record compare by identity before by field. A site's pages hold its articles
/// many times over (in cards, rows and the journals about each); `gazette serve` compares every
/// page's with the last build's on each save, and copying and comparing articles field by field
/// was a tenth of a busy week's save.
@dynamicMemberLookup
public struct Article: Hashable, Sendable, Decodable, CustomReflectable {
    /// The record's fields, read and set as the article's own (`article.title`). A change makes
    /// a new box: records change only when fetched or made safe, never while pages are built.
    /// Their encoding is what an article is keyed by (`Fingerprint.add(_ article:)`): a field
    /// added here is in every key at once.
    public struct Fields: Hashable, Sendable, Encodable {
        /// First 12 hex digits of the SHA-256 of the canonical URL (see `CanonicalURL`).
        public var id: String
        public var url: String
        public var title: String
        public var description: String
        /// `naver`, `newsapi`, `mediastack`, `feed:<name>` or `manual`.
        public var source: String
        public var publisher: String?
        public var author: String?
        /// The publication time as stored (ISO 8601 with offset).
        public var published: String
        public var image: String?
        /// Every configured query that found the story, sorted.
        public var queries: [String]
        public var language: String?
    }

    @usableFromInline var box: FieldsBox<Fields> {
        didSet { publishedDate = ISO8601.parse(box.fields.published) }
    }

    /// The publication instant, when `published` parses as ISO 8601: parsed once per record, not
    /// at every ask (grouping a busy fortnight's 2,000 articles by week parsed each again on every
    /// `serve` save, and sorting asks for it at every comparison).
    public private(set) var publishedDate: Date?

    /// A field, as `article.title`.
    @inlinable public subscript<Value>(dynamicMember field: KeyPath<Fields, Value>) -> Value { box.fields[keyPath: field] }

    /// A field to read or set, as `article.title = "…"`: the changed fields go in a new box.
    @inlinable public subscript<Value>(dynamicMember field: WritableKeyPath<Fields, Value>) -> Value {
        get { box.fields[keyPath: field] }
        set { box = box.changed { $0[keyPath: field] = newValue } }
    }

    public init(
        id: String, url: String, title: String, description: String, source: String,
        publisher: String?, author: String?, published: String, image: String?, queries: [String],
        language: String?
    ) {
        box = FieldsBox(
            Fields(
                id: id, url: url, title: title, description: description, source: source, publisher: publisher, author: author,
                published: published, image: image, queries: queries, language: language))
        publishedDate = ISO8601.parse(published)
    }

    /// The fields, as a struct of them would show (printing, and the test that every one is
    /// fingerprinted).
    public var customMirror: Mirror { Mirror(self, children: Mirror(reflecting: box.fields).children) }

    /// What the article is keyed by: every field.
    public func addKey(to fingerprint: inout FingerprintHasher) { fingerprint.add(box.key) }

    public static func == (lhs: Article, rhs: Article) -> Bool { lhs.box === rhs.box || lhs.box.fields == rhs.box.fields }

    public func hash(into hasher: inout Hasher) { hasher.combine(box.fields) }

    private enum CodingKeys: String, CodingKey {
        case id, url, title, description, source, publisher, author, published, image, queries, language
    }

    /// Reads a store record. `id`, `url`, `title`, `source` and `published` must be text;
    /// `description` may be null (an API answer or a hand edit with no summary: read as ""), and
    /// `publisher`, `author`, `image`, `language` and `queries` may be null or absent, as
    /// `gazette fetch` itself can write them or leave them out.
    public init(from decoder: any Decoder) throws {
        let record = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try record.decode(String.self, forKey: .id), url: try record.decode(String.self, forKey: .url),
            title: try record.decode(String.self, forKey: .title),
            description: try record.decodeIfPresent(String.self, forKey: .description) ?? "",
            source: try record.decode(String.self, forKey: .source), publisher: try record.decodeIfPresent(String.self, forKey: .publisher),
            author: try record.decodeIfPresent(String.self, forKey: .author), published: try record.decode(String.self, forKey: .published),
            image: try record.decodeIfPresent(String.self, forKey: .image),
            queries: try record.decodeIfPresent([String].self, forKey: .queries) ?? [],
            language: try record.decodeIfPresent(String.self, forKey: .language))
    }
}

/// ISO 8601 / RFC 3339 timestamps with an offset, as the article store keeps them.
public enum ISO8601 {
    /// Parses `2026-11-18T09:50:00+09:00`, `…Z`, `…+0900`, with or without fractional seconds.
    /// Hand-written arithmetic rather than a formatter: stores hold thousands of these and
    /// sorting parses them repeatedly.
    public static func parse(_ text: String) -> Date? {
        let b = Array(text.utf8)
        func digits(_ start: Int, _ count: Int) -> Int? {
            guard start + count <= b.count else { return nil }
            var value = 0
            for i in start..<start + count {
                guard b[i] >= 48, b[i] <= 57 else { return nil }
                value = value * 10 + Int(b[i] - 48)
            }
            return value
        }
        guard b.count >= 20, b[4] == 45, b[7] == 45, b[10] == 84 || b[10] == 116 || b[10] == 32, b[13] == 58, b[16] == 58,
            let year = digits(0, 4), let month = digits(5, 2), let day = digits(8, 2), let hour = digits(11, 2),
            let minute = digits(14, 2), let second = digits(17, 2),
            (1...12).contains(month), (1...daysIn(month, year)).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var index = 19
        var fraction = 0.0
        if index < b.count, b[index] == 46 {
            var scale = 0.1
            index += 1
            while index < b.count, b[index] >= 48, b[index] <= 57 {
                fraction += Double(b[index] - 48) * scale
                scale /= 10
                index += 1
            }
        }
        var offset = 0
        guard index < b.count else { return nil }
        if b[index] == 90 || b[index] == 122 {  // Z
            guard index + 1 == b.count else { return nil }
        } else if b[index] == 43 || b[index] == 45 {  // + or -
            let sign = b[index] == 45 ? -1 : 1
            guard let hours = digits(index + 1, 2) else { return nil }
            var minutesAt = index + 3
            if minutesAt < b.count, b[minutesAt] == 58 { minutesAt += 1 }
            guard let minutes = digits(minutesAt, 2), minutesAt + 2 == b.count, hours < 24, minutes < 60 else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        } else {
            return nil
        }
        let seconds = daysFromCivil(year, month, day) * 86400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// `2026-11-18T09:50:00+09:00` in `timeZone` (`Z` for UTC).
    public static func format(_ date: Date, in timeZone: TimeZone) -> String {
        let offset = timeZone.secondsFromGMT(for: date)
        let local = Int(date.timeIntervalSince1970.rounded(.down)) + offset
        let days = days(local)
        let (year, month, day) = civilFromDays(days)
        let secondsOfDay = local - days * 86400
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let zone: String
        if offset == 0 {
            zone = "Z"
        } else {
            let magnitude = abs(offset) / 60
            zone = (offset < 0 ? "-" : "+") + two(magnitude / 60) + ":" + two(magnitude % 60)
        }
        let yearText = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
        return "\(yearText)-\(two(month))-\(two(day))T\(two(secondsOfDay / 3600)):\(two(secondsOfDay / 60 % 60)):\(two(secondsOfDay % 60))\(zone)"
    }

    /// `2026-11-18 09:50`: `date` to the minute in `timeZone`, as front matter writes `created:`
    /// (`gazette new`) and messages show a moment.
    public static func minute(_ date: Date, in timeZone: TimeZone) -> String {
        let text = format(date, in: timeZone)
        return String(text.prefix(10)) + " " + String(text.dropFirst(11).prefix(5))
    }

    /// The day `date` falls on in `timeZone`, counted as `daysFromCivil` counts (the date
    /// `format` writes, without writing it).
    public static func day(of date: Date, in timeZone: TimeZone) -> Int {
        days(Int(date.timeIntervalSince1970.rounded(.down)) + timeZone.secondsFromGMT(for: date))
    }

    /// Whole days since 1970-01-01 of a count of local seconds, rounded down.
    static func days(_ local: Int) -> Int { local >= 0 ? local / 86400 : (local - 86399) / 86400 }

    static func daysIn(_ month: Int, _ year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    public static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146097 + dayOfEra - 719468
    }

    static func civilFromDays(_ days: Int) -> (Int, Int, Int) {
        let z = days + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let dayOfEra = z - era * 146097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
