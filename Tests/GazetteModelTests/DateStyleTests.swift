import Foundation
import Testing

@testable import GazetteModel

/// Dates are written from their fields, not by Foundation's formatter: for every pattern, in
/// both languages and in zones with daylight saving, half hours and three quarters, the same
/// text as the formatter's, over four centuries of instants; before 1600 (the formatter's
/// calendar is Julian before 1582) and after 9999, the formatter writes.
@Suite struct DateStyleTests {
    static let zones = ["Asia/Seoul", "UTC", "America/New_York", "Europe/London", "Asia/Kolkata", "Pacific/Chatham", "America/St_Johns"]
    static let pairs: [(String, String)] = [
        ("yyyy년 M월 d일 (E)", "EEE d MMM yyyy"), ("yyyy년 M월 d일 a h:mm", "d MMM yyyy, HH:mm"), ("yyyy년 M월 d일", "d MMM yyyy"),
        ("M월 d일", "d MMM"),
    ]

    @Test(arguments: zones) func fieldsWriteWhatTheFormatterWrites(zone: String) throws {
        let timeZone = try #require(TimeZone(identifier: zone))
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var instants: [Double] = [0, -1, 86_399, 86_400, 951_782_400, 1_795_000_000, 253_402_214_400, -11_675_923_200, -2_208_988_800]
        for _ in 0..<3_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            // From 1850 to 2250, to the second, and a fraction.
            instants.append(-3_786_825_600 + Double(state >> 33 % 12_623_040_000) + Double(state & 1023) / 1024)
        }
        for language in [SiteLanguage.ko, .en] {
            let style = DateStyle(language: language, timeZone: timeZone)
            for instant in instants {
                let date = Date(timeIntervalSince1970: instant)
                #expect(style.day(date) == style.formatterOutput(date, "yyyy년 M월 d일 (E)", "EEE d MMM yyyy"), "\(zone) \(instant)")
                for (korean, english) in Self.pairs {
                    let fields = try #require(DateStyle.Fields(date, timeZone: timeZone), "\(instant)")
                    #expect(fields.formatted(language == .ko ? korean : english) == style.formatterOutput(date, korean, english), "\(zone) \(instant) \(korean)")
                }
            }
        }
    }

    @Test func yearsBefore1600AndAfter9999AreTheFormattersToWrite() {
        let utc = TimeZone(identifier: "UTC") ?? .current
        // 1 January 0001, 14 October 1582 (Julian 4 October), 1 January 10000.
        for instant in [-62_135_596_800.0, -12_219_379_200, 253_402_300_800] {
            let date = Date(timeIntervalSince1970: instant)
            #expect(DateStyle.Fields(date, timeZone: utc) == nil)
            for language in [SiteLanguage.ko, .en] {
                let style = DateStyle(language: language, timeZone: utc)
                #expect(style.plainDay(date) == style.formatterOutput(date, "yyyy년 M월 d일", "d MMM yyyy"))
            }
        }
    }
}
