import Foundation
import GazetteModel

/// The words and date formats a packet prints, in the site's language. Formats are fixed patterns,
/// like the site's, so output does not drift with ICU versions.
struct PacketStrings {
    let language: SiteLanguage
    let timeZone: TimeZone
    /// The dates, printed as the site prints them (`DateStyle`).
    private let dates: DateStyle

    init(language: SiteLanguage, timeZone: TimeZone) {
        self.language = language
        self.timeZone = timeZone
        dates = DateStyle(language: language, timeZone: timeZone)
    }

    private var ko: Bool { language == .ko }

    var packet: String { ko ? "스터디 패킷" : "Study packet" }
    var contents: String { ko ? "차례" : "Contents" }
    var created: String { ko ? "최초 작성" : "Created" }
    var updated: String { ko ? "최근 수정" : "Updated" }
    var author: String { ko ? "작성자" : "Author" }
    var authors: String { ko ? "작성자" : "Authors" }
    var tags: String { ko ? "태그" : "Tags" }
    var published: String { ko ? "발행" : "Published" }
    var image: String { ko ? "그림" : "Image" }
    var selection: String { ko ? "선택한 저널" : "Selected journals" }

    func journalCount(_ count: Int) -> String { ko ? "저널 \(count)편" : "\(count) journal\(count == 1 ? "" : "s")" }

    /// `2026년 11월 18일 오후 9:40` / `18 Nov 2026, 21:40`.
    func dayAndTime(_ date: Date) -> String { dates.dayAndTime(date) }

    /// `2026년 11월 18일` / `18 Nov 2026`.
    func day(_ date: Date) -> String { dates.plainDay(date) }

    /// `2026년 47주차` / `Week 47, 2026`.
    func week(_ week: ISOWeek) -> String { dates.week(week) }

    /// `11월 16일 – 11월 22일` / `16 Nov – 22 Nov 2026`.
    func range(_ week: ISOWeek) -> String { dates.range(week) }

    /// A span of days; `year` names the year in Korean too (`2026년 11월 3일 – 11월 21일`).
    func range(_ start: Date, _ end: Date, year: Bool = false) -> String { dates.range(start, end, year: year) }
}
