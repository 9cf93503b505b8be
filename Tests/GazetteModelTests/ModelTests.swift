import Foundation
import GazetteModel
import Testing

@Suite struct SHA256Tests {
    @Test func knownVectors() {
        #expect(SHA256.hex(Array("".utf8)) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        // Two blocks: the padding must spill into a second chunk.
        #expect(
            SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }
}

@Suite struct CanonicalURLTests {
    @Test func dropsTrackingFragmentAndCase() {
        #expect(
            CanonicalURL.canonicalize("HTTPS://WWW.Yna.co.KR:443/view/AKR1?utm_source=x&id=3&UTM_medium=y#top")
                == "https://www.yna.co.kr/view/AKR1?id=3")
        #expect(CanonicalURL.canonicalize("http://example.org:80") == "http://example.org/")
        #expect(CanonicalURL.canonicalize("https://example.org/a?utm_campaign=z") == "https://example.org/a")
        #expect(CanonicalURL.canonicalize("https://example.org/Path/Kept") == "https://example.org/Path/Kept")
    }

    /// The same page on a news site's mobile and desktop hosts, path and query kept; none for an
    /// address whose host is one label or a number.
    @Test func anAddressHasItsMobileAndDesktopHosts() {
        #expect(CanonicalURL.hostVariants(of: "https://m.yna.co.kr/view/AKR1?x=1") == ["https://www.yna.co.kr/view/AKR1?x=1", "https://yna.co.kr/view/AKR1?x=1"])
        #expect(CanonicalURL.hostVariants(of: "https://www.hankyung.com/article/1") == ["https://m.hankyung.com/article/1", "https://hankyung.com/article/1"])
        #expect(CanonicalURL.hostVariants(of: "https://khan.co.kr/") == ["https://www.khan.co.kr/", "https://m.khan.co.kr/"])
        #expect(CanonicalURL.addresses(of: "http://example.org:8080/a").first == "http://example.org:8080/a")
        #expect(CanonicalURL.hostVariants(of: "http://example.org:8080/a").first == "http://www.example.org:8080/a")
        for bare in ["http://127.0.0.1:8000/a", "http://localhost/a", "not an address"] { #expect(CanonicalURL.hostVariants(of: bare).isEmpty, "\(bare)") }
    }

    /// Found by fuzz-canonical-url (and fuzz-naver): `?utm_source=x&` kept its empty second
    /// parameter as a bare `?`, which canonicalised again to the address without it: two ids
    /// for one story.
    @Test func queryOfOnlySeparatorsIsDropped() {
        for text in ["https://example.org/a?utm_source=x&", "https://example.org/a?&", "https://example.org/a?", "https://example.org/a?utm_source=S://ss&#=x"] {
            let canonical = CanonicalURL.canonicalize(text)
            #expect(canonical == "https://example.org/a", "\(text)")
            #expect(canonical.flatMap(CanonicalURL.canonicalize) == canonical, "\(text)")
        }
        #expect(CanonicalURL.canonicalize("https://example.org/a?id=7&utm_medium=y&") == "https://example.org/a?id=7&")
        #expect(CanonicalURL.canonicalize("https://example.org/a?id=7&") == "https://example.org/a?id=7&")
    }

    @Test func rejectsNonHTTP() {
        #expect(CanonicalURL.canonicalize("a1b2c3d4e5f6") == nil)
        #expect(CanonicalURL.canonicalize("mailto:x@example.org") == nil)
        #expect(CanonicalURL.canonicalize("ftp://example.org/") == nil)
    }

    @Test func sameStorySameID() {
        let a = CanonicalURL.articleID(for: "https://www.yna.co.kr/view/AKR20261118000100008?utm_source=naver")
        let b = CanonicalURL.articleID(for: "https://WWW.YNA.CO.KR/view/AKR20261118000100008#comments")
        #expect(a == b)
        #expect(a?.count == 12)
        // The rule documented in the README: first 12 hex digits of SHA-256 of the canonical URL.
        #expect(a == String(SHA256.hex(Array("https://www.yna.co.kr/view/AKR20261118000100008".utf8)).prefix(12)))
        #expect(CanonicalURL.isArticleID(a ?? ""))
        #expect(!CanonicalURL.isArticleID("A1B2C3D4E5F6"))
    }
}

@Suite struct ISOWeekTests {
    let seoul = TimeZone(identifier: "Asia/Seoul")!

    @Test func parsesAndPrints() {
        #expect(ISOWeek("2026-W47") == ISOWeek(year: 2026, week: 47))
        #expect(ISOWeek("2026-w05")?.description == "2026-W05")
        #expect(ISOWeek("2026-W54") == nil)
        #expect(ISOWeek("2025-W53") == nil)  // 2025 has 52 ISO weeks
        #expect(ISOWeek("2026-W53") == ISOWeek(year: 2026, week: 53))  // 2026 has 53
        #expect(ISOWeek("banana") == nil)
    }

    @Test func weekOfADateDependsOnTheZone() {
        // Sunday 2026-11-22 23:30 UTC is Monday 08:30 in Seoul: week 48 there, 47 in UTC.
        let date = ISO8601.parse("2026-11-22T23:30:00Z")!
        #expect(ISOWeek(containing: date, in: seoul) == ISOWeek(year: 2026, week: 48))
        #expect(ISOWeek(containing: date, in: TimeZone(identifier: "UTC")!) == ISOWeek(year: 2026, week: 47))
    }

    @Test func yearBoundary() {
        // 2027-01-01 is a Friday: it belongs to 2026-W53.
        let date = ISO8601.parse("2027-01-01T12:00:00+09:00")!
        #expect(ISOWeek(containing: date, in: seoul).description == "2026-W53")
    }

    /// A week's name pads as `String(format: "%04d-W%02d")` does, for every year and week
    /// including ones no date gives (negative, past 9999).
    @Test func weekNamesPadAsPrintfDoes() {
        for year in [-12_345, -100, -5, 0, 7, 99, 999, 1900, 2026, 9999, 10_000, 123_456] {
            for week in [0, 1, 9, 10, 53, 100] {
                #expect(ISOWeek(year: year, week: week).description == String(format: "%04d-W%02d", year, week))
            }
        }
    }

    /// The counted week is the calendar's for every date the count covers: each day's edges
    /// across 1900–2200 in zones with half hours, daylight saving and the date line, and random
    /// instants beside them.
    @Test func countedWeeksAreTheCalendars() {
        let zones = ["UTC", "Asia/Seoul", "America/St_Johns", "Australia/Lord_Howe", "Pacific/Kiritimati", "America/Los_Angeles", "Pacific/Pago_Pago"]
            .compactMap(TimeZone.init(identifier:))
        #expect(zones.count == 7)
        var random = SystemRandomNumberGenerator()
        var instants: [Date] = []
        // Every 29 December–5 January (the weeks that change year) at three times of day.
        for year in 1900...2200 {
            for (month, day) in [(12, 29), (12, 30), (12, 31), (1, 1), (1, 2), (1, 3), (1, 4), (1, 5)] {
                let text = String(format: "%04d-%02d-%02dT", year, month, day)
                for time in ["00:00:00Z", "11:59:59Z", "23:59:59Z"] { instants.append(ISO8601.parse(text + time)!) }
            }
        }
        for _ in 0..<20_000 { instants.append(Date(timeIntervalSince1970: Double.random(in: -2_208_988_800..<7_258_118_400, using: &random))) }
        var mismatches: [String] = []
        for zone in zones {
            for date in instants where ISOWeek(containing: date, in: zone) != ISOWeek(calendarWeekContaining: date, in: zone) {
                mismatches.append("\(date) in \(zone.identifier)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
        // Outside the counted range the calendar answers.
        let early = ISO8601.parse("1500-06-01T00:00:00Z")!
        #expect(ISOWeek(containing: early, in: seoul) == ISOWeek(calendarWeekContaining: early, in: seoul))
    }

    @Test func intervalIsMondayToMonday() {
        let interval = ISOWeek(year: 2026, week: 47).interval(in: seoul)
        #expect(ISO8601.format(interval.start, in: seoul) == "2026-11-16T00:00:00+09:00")
        #expect(ISO8601.format(interval.end, in: seoul) == "2026-11-23T00:00:00+09:00")
    }
}

@Suite struct DiagnosticTests {
    @Test func rendersLocationLineAndCaret() {
        let diagnostic = Diagnostic.error(
            "'tags' must be a list of strings, not a mapping",
            at: SourceLocation(path: "content/journals/a.md", line: 4, column: 7), hint: "write tags: [economy]",
            sourceLine: "tags: {a: 1}")
        #expect(
            diagnostic.rendered == """
                content/journals/a.md:4:7: error: 'tags' must be a list of strings, not a mapping — write tags: [economy]
                    tags: {a: 1}
                          ^
                """)
    }

    @Test func caretAccountsForWideHangul() {
        let diagnostic = Diagnostic.error(
            "x", at: SourceLocation(path: "a.md", line: 2, column: 9), sourceLine: "title: 금리: 인상")
        // Column 9 is 리: before it "title: 금" takes 7 narrow columns and one wide (2).
        #expect(diagnostic.rendered.hasSuffix("\n    " + String(repeating: " ", count: 9) + "^"))
    }

    /// What a rule covers is underlined after the caret, in the columns a terminal gives it.
    @Test func aSpanIsUnderlinedToItsEnd() {
        let diagnostic = Diagnostic.warning(
            "x", at: SourceLocation(path: "a.md", line: 7, column: 4), sourceLine: "오늘 ==기준금리== 동결"
        ).spanning(8)
        // "오늘 " takes 5 columns; "==기준금리==" 12 (four wide syllables).
        #expect(diagnostic.rendered.hasSuffix("\n    " + String(repeating: " ", count: 5) + "^" + String(repeating: "~", count: 11)))
    }

    @Test func ordersByFileThenPosition() {
        let a = Diagnostic.warning("w", at: SourceLocation(path: "b.md", line: 1, column: 1))
        let b = Diagnostic.error("e", at: SourceLocation(path: "a.md", line: 9, column: 1))
        let c = Diagnostic.error("e", at: SourceLocation(path: "a.md", line: 2, column: 5))
        #expect([a, b, c].sorted() == [c, b, a])
    }
}

@Suite struct ISO8601Tests {
    @Test(arguments: [
        ("2026-11-18T09:50:00+09:00", 1_794_963_000.0),
        ("2026-11-18T00:50:00Z", 1_794_963_000.0),
        ("2026-11-18T00:50:00.250Z", 1_794_963_000.25),
        ("2026-11-17T19:50:00-0500", 1_794_963_000.0),
        ("1969-12-31T23:59:59Z", -1.0),
        ("2024-02-29T12:00:00Z", 1_709_208_000.0),
    ])
    func parses(_ text: String, _ seconds: Double) {
        #expect(ISO8601.parse(text)?.timeIntervalSince1970 == seconds)
    }

    @Test(arguments: ["2026-11-18", "2026-11-18T09:50:00", "2026-02-30T00:00:00Z", "2026-11-18T24:00:00Z", "2026-11-18T09:50:00+09:00x"])
    func rejects(_ text: String) {
        #expect(ISO8601.parse(text) == nil)
    }

    @Test func formatsInAZoneAndRoundTrips() {
        let date = Date(timeIntervalSince1970: 1_794_963_000)
        #expect(ISO8601.format(date, in: TimeZone(identifier: "Asia/Seoul")!) == "2026-11-18T09:50:00+09:00")
        #expect(ISO8601.format(date, in: TimeZone(identifier: "UTC")!) == "2026-11-18T00:50:00Z")
        #expect(ISO8601.format(date, in: TimeZone(identifier: "America/St_Johns")!) == "2026-11-17T21:20:00-03:30")
        #expect(ISO8601.format(Date(timeIntervalSince1970: -1), in: TimeZone(identifier: "UTC")!) == "1969-12-31T23:59:59Z")
    }
}

/// Keys of journals and articles come from their fields' `Encodable` conformance, synthesized:
/// a property added later is in every key made from them (pages, packets, cards) without a key
/// function listing it.
@Suite struct FingerprintCoverageTests {
    static func key(_ journal: Journal) -> Fingerprint {
        var key = FingerprintHasher()
        key.add(journal)
        return key.digest
    }

    @Test func everyPropertyOfAJournalChangesItsKey() {
        let journal = Journal(
            path: "p", slug: "s", title: "t", articleReference: nil, tags: [], author: nil, created: Date(timeIntervalSince1970: 0),
            updated: Date(timeIntervalSince1970: 0), draft: false, body: "", bodyStartLine: 1)
        let changes: [(String, (inout Journal) -> Void)] = [
            ("path", { $0.path = "q" }), ("slug", { $0.slug = "u" }), ("title", { $0.title = "제목" }),
            ("article", { $0.articleReference = "8e5eec85357b" }), ("tags", { $0.tags = ["economy"] }), ("author", { $0.author = "sam" }),
            ("created", { $0.created = Date(timeIntervalSince1970: 1) }), ("updated", { $0.updated = Date(timeIntervalSince1970: 1) }),
            ("draft", { $0.draft = true }), ("body", { $0.setBody("새 문단") }), ("body start", { $0.bodyStartLine = 2 }),
            ("front matter", { $0.frontMatterLines = ["---"] }),
        ]
        var keys: Set<Fingerprint> = [Self.key(journal)]
        for (name, change) in changes {
            var changed = journal
            change(&changed)
            #expect(keys.insert(Self.key(changed)).inserted, "changing the \(name) must change the key")
            // What the memos compare (`Memo`: card texts, feed entries, page and packet inputs,
            // cross-references, search documents) is the same synthesized field list.
            #expect(changed != journal, "changing the \(name) must make the journal unequal")
        }
        // The body counts through its digest: a body left in its file is the same journal.
        var edited = journal
        edited.setBody("새 문단")
        var left = edited
        left.leaveBodyInFile()
        #expect(Self.key(edited) == Self.key(left))
        // Nil and empty are different values; so are a value moved to the next property.
        var empty = journal
        empty.author = ""
        #expect(Self.key(empty) != Self.key(journal))
    }

    /// A stand-in for a model type that gains a property: the key made from its encoding
    /// follows the new property with no key function changed, nested values and lists included.
    @Test func aPropertyAddedToAModelIsInItsKeyUnlisted() {
        struct Before: Encodable { var title: String; var tags: [String] }
        struct After: Encodable { var title: String; var tags: [String]; var mood: String?; var place: Place }
        struct Place: Encodable { var city: String; var floor: Int }
        let before = Before(title: "t", tags: ["a", "b"])
        let after = After(title: "t", tags: ["a", "b"], mood: nil, place: Place(city: "서울", floor: 3))
        #expect(Fingerprint.of(encoding: before) != Fingerprint.of(encoding: after))
        var moved = after
        moved.place.floor = 4
        var moody = after
        moody.mood = "맑음"
        let keys = [after, moved, moody].map { Fingerprint.of(encoding: $0) }
        #expect(Set(keys).count == 3)
        // Lists and strings are delimited: ["ab"] is not ["a", "b"], nor "a" then "b" in two fields.
        #expect(Fingerprint.of(encoding: Before(title: "t", tags: ["ab"])) != Fingerprint.of(encoding: before))
        #expect(Fingerprint.of(encoding: Before(title: "ta", tags: ["b"])) != Fingerprint.of(encoding: Before(title: "t", tags: ["ab"])))
        // A dictionary or a set is keyed by its contents, not the order it was filled in.
        var forward: [String: Int] = [:], backward: [String: Int] = [:]
        for index in 0..<200 { forward["k\(index)"] = index }
        for index in (0..<200).reversed() { backward["k\(index)"] = index }
        #expect(Fingerprint.of(encoding: forward) == Fingerprint.of(encoding: backward))
        #expect(Fingerprint.of(encoding: Set(forward.keys)) == Fingerprint.of(encoding: Set(backward.keys.reversed())))
        backward["k7"] = 8
        #expect(Fingerprint.of(encoding: forward) != Fingerprint.of(encoding: backward))
        // The same value gives the same key in every process (keys are written to disk).
        #expect(Fingerprint.of(encoding: before).description == Fingerprint.of(encoding: Before(title: "t", tags: ["a", "b"])).description)
    }

    /// A boxed value is keyed by its box's digest: equal fields in two boxes give one key, a
    /// changed field another, and the value nested in a larger one counts as itself.
    @Test func aBoxedValueIsKeyedByItsFields() {
        /// How many times a text was encoded itself, not keyed by its box's digest.
        final class Encodings: @unchecked Sendable { var count = 0 }
        struct Text: KeyedByBox {
            struct Fields: Encodable, Sendable { var title: String; var tags: [String] }
            let box: FieldsBox<Fields>
            let encodings: Encodings
            var boxKey: Fingerprint { box.key }
            func encode(to encoder: any Encoder) throws {
                encodings.count += 1
                try box.fields.encode(to: encoder)
            }
        }
        struct Card: Encodable { var href: String; var text: Text }
        let encodings = Encodings()
        let text = Text(box: FieldsBox(.init(title: "금리", tags: ["economy"])), encodings: encodings)
        let same = Text(box: FieldsBox(.init(title: "금리", tags: ["economy"])), encodings: encodings)
        let retitled = Text(box: text.box.changed { $0.title = "환율" }, encodings: encodings)
        #expect(Fingerprint.of(encoding: text) == Fingerprint.of(encoding: same))
        #expect(Fingerprint.of(encoding: text) != Fingerprint.of(encoding: retitled))
        #expect(Fingerprint.of(encoding: Card(href: "a", text: text)) == Fingerprint.of(encoding: Card(href: "a", text: same)))
        #expect(Fingerprint.of(encoding: Card(href: "a", text: text)) != Fingerprint.of(encoding: Card(href: "a", text: retitled)))
        #expect(Fingerprint.of(encoding: Card(href: "a", text: text)) != Fingerprint.of(encoding: Card(href: "b", text: text)))
        // Keyed on many cards, a text is never encoded again: each key takes its box's digest.
        #expect(encodings.count == 0)
    }

    @Test func everyPropertyOfAnArticleChangesItsKey() {
        let article = Article(
            id: "i", url: "https://example.org/", title: "t", description: "", source: "manual", publisher: nil, author: nil,
            published: "", image: nil, queries: [], language: nil)
        let changes: [(inout Article) -> Void] = [
            { $0.id = "j" }, { $0.url = "https://example.org/x" }, { $0.title = "u" }, { $0.description = "d" }, { $0.source = "naver" },
            { $0.publisher = "p" }, { $0.author = "a" }, { $0.published = "2026" }, { $0.image = "i" }, { $0.queries = ["q"] },
            { $0.language = "ko" },
        ]
        func key(_ article: Article) -> Fingerprint {
            var key = FingerprintHasher()
            key.add(article)
            return key.digest
        }
        var keys: Set<Fingerprint> = [key(article)]
        for change in changes {
            var changed = article
            change(&changed)
            #expect(keys.insert(key(changed)).inserted)
        }
    }

    @Test func fingerprintsSeparateFieldsAndAreStable() {
        var one = FingerprintHasher(), two = FingerprintHasher()
        one.add("ab")
        one.add("c")
        two.add("a")
        two.add("bc")
        #expect(one.digest != two.digest)
        // The same in every process: a ledger written by one build is read by the next.
        #expect(Fingerprint.of("기준금리").description == Fingerprint.of("기준금리").description)
        #expect(Fingerprint.of("").description.count == 32)
    }
}

@Suite struct JournalOrderTests {
    /// The fast sort gives exactly `newestFirst`'s order, ties on `updated` and `created` included.
    @Test func sortedNewestFirstMatchesTheComparator() {
        var random = SystemRandomNumberGenerator()
        let journals = (0..<500).map { index in
            Journal(
                path: "p\(index)", slug: "s\(Int.random(in: 0..<400, using: &random))", title: "t", articleReference: nil, tags: [],
                author: nil, created: Date(timeIntervalSince1970: Double(Int.random(in: 0..<20, using: &random))),
                updated: Date(timeIntervalSince1970: Double(Int.random(in: 0..<20, using: &random))), draft: false, body: "",
                bodyStartLine: 1)
        }
        #expect(Journal.sortedNewestFirst(journals).map(\.path) == journals.sorted(by: Journal.newestFirst).map(\.path))
    }
}

@Suite struct FrontMatterLocationTests {
    /// The column a warning's caret points at, as Foundation's `range(of:)` found it before the
    /// search moved to UTF-8 bytes: the same on lines of Hangul, emoji, quotes and repeats.
    @Test func columnsMatchFoundationsSearch() {
        let lines = [
            "tags: [정치, 경졔]", "tags: [경졔, 경졔]", "author: 함희돈 🙂 함희돈", "article: \"https://example.org/기사?q=1\"",
            "article: https://example.org/news/990", "tags: [a, b, tags, c]", "author:", "author: x", "tags: [🇰🇷, 한국]",
            "article: 'https://a.b/é'", "tags: [é, e]",
        ]
        let values = ["경졔", "함희돈", "https://example.org/기사?q=1", "https://example.org/news/990", "tags", "x", "🇰🇷", "한국", "c", "", "zz", "e", "é"]
        for line in lines {
            let key = String(line.prefix { $0 != ":" })
            let journal = Journal(
                path: "content/journals/j.md", slug: "j", title: "t", articleReference: nil, tags: [], author: nil,
                created: Date(timeIntervalSince1970: 0), updated: Date(timeIntervalSince1970: 0), draft: false, body: "", bodyStartLine: 4,
                frontMatterLines: ["---", "title: t", line, "---"])
            for value in values {
                var expected = 1
                if line.count > key.count,
                    let range = line.range(of: value, range: line.index(line.startIndex, offsetBy: key.count)..<line.endIndex)
                {
                    expected = line.unicodeScalars.distance(from: line.unicodeScalars.startIndex, to: range.lowerBound) + 1
                }
                let (location, shown) = journal.frontMatterLocation(of: key, value: value)
                #expect(location.line == 3 && shown == line)
                #expect(location.column == expected, "\(value) in \(line)")
            }
        }
    }
}

@Suite struct ByteOrderTests {
    /// `utf8Precedes` is `utf8.lexicographicallyPrecedes`: on random text of ASCII, Hangul,
    /// combining marks and emoji, on prefixes, empty text and strings from Foundation.
    @Test func utf8PrecedesIsTheByteOrder() {
        let alphabet: [Character] = ["a", "b", "Z", "-", "/", "0", "한", "글", "e\u{301}", "é", "😀", "\u{0}"]
        var random = SystemRandomNumberGenerator()
        func text() -> String { String((0..<Int.random(in: 0...6, using: &random)).map { _ in alphabet.randomElement(using: &random)! }) }
        var pairs: [(String, String)] = [("", ""), ("", "a"), ("a", ""), ("ab", "abc"), ("abc", "ab"), ("한", "한글")]
        for _ in 0..<5_000 {
            let a = text()
            pairs.append((a, Bool.random(using: &random) ? a + text() : text()))
        }
        pairs.append((NSString(string: "bridged 한").description, "bridged"))
        for (a, b) in pairs {
            #expect(a.utf8Precedes(b) == a.utf8.lexicographicallyPrecedes(b.utf8), "\(a.debugDescription) \(b.debugDescription)")
        }
    }
}
