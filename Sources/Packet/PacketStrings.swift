import Foundation
import GazetteModel

/// The words and date formats a packet prints, in the site's language. Formats are fixed patterns,
/// like the site's, so output does not drift with ICU versions.
struct PacketStrings {
    let language: SiteLanguage
    let timeZone: TimeZone
    private let formatters: [String: DateFormatter]

    init(language: SiteLanguage, timeZone: TimeZone) {
        self.language = language
        self.timeZone = timeZone
        formatters = language.dateFormatters(
            ["yyyy년 M월 d일 a h:mm", "d MMM yyyy, HH:mm", "yyyy년 M월 d일", "d MMM yyyy", "M월 d일", "d MMM"], timeZone: timeZone)
    }

    private func format(_ date: Date, _ korean: String, _ english: String) -> String {
        formatters[language == .ko ? korean : english]?.string(from: date) ?? ISO8601.format(date, in: timeZone)
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
    func dayAndTime(_ date: Date) -> String { format(date, "yyyy년 M월 d일 a h:mm", "d MMM yyyy, HH:mm") }

    /// `2026년 11월 18일` / `18 Nov 2026`.
    func day(_ date: Date) -> String { format(date, "yyyy년 M월 d일", "d MMM yyyy") }

    /// `2026년 47주차` / `Week 47, 2026`.
    func week(_ week: ISOWeek) -> String { ko ? "\(week.year)년 \(week.week)주차" : "Week \(week.week), \(week.year)" }

    /// `11월 16일 – 11월 22일` / `16 Nov – 22 Nov 2026`.
    func range(_ week: ISOWeek) -> String {
        let interval = week.interval(in: timeZone)
        return range(interval.start, interval.end.addingTimeInterval(-1))
    }

    /// The week's form for a span of days; a span that is not a week names its year in Korean too
    /// (`2026년 11월 3일 – 11월 21일`).
    func range(_ start: Date, _ end: Date, year: Bool = false) -> String {
        if ko {
            return "\(format(start, year ? "yyyy년 M월 d일" : "M월 d일", "d MMM")) – \(format(end, "M월 d일", "d MMM"))"
        }
        return "\(format(start, "M월 d일", "d MMM")) – \(format(end, "yyyy년 M월 d일", "d MMM yyyy"))"
    }
}
