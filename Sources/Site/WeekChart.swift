import Foundation

/// A week at a glance, drawn at build time as inline SVG (no JavaScript): articles per source
/// and journals per tag as horizontal bars, with the numbers written out so the chart reads
/// without colour and a `<title>`/`<desc>` for screen readers.
struct WeekChart {
    struct Series {
        var title: String
        var rows: [(label: String, count: Int)]
    }

    let series: [Series]
    let id: String
    let caption: String

    static let labelWidth = 120
    static let barWidth = 220
    static let rowHeight = 22
    static let headingHeight = 26

    var svg: String {
        let width = WeekChart.labelWidth + WeekChart.barWidth + 44
        var y = 0
        var body = ""
        var description: [String] = []
        for item in series where !item.rows.isEmpty {
            let maximum = max(1, item.rows.map(\.count).max() ?? 1)
            body += "<text class=\"chart-heading\" x=\"0\" y=\"\(y + 17)\">\(escape(item.title))</text>\n"
            y += WeekChart.headingHeight
            for row in item.rows {
                let length = max(2, row.count * WeekChart.barWidth / maximum)
                body += "<text class=\"chart-label\" x=\"\(WeekChart.labelWidth - 8)\" y=\"\(y + 15)\" text-anchor=\"end\">\(escape(row.label))</text>\n"
                body += "<rect class=\"chart-bar\" x=\"\(WeekChart.labelWidth)\" y=\"\(y + 4)\" width=\"\(length)\" height=\"\(WeekChart.rowHeight - 8)\" rx=\"3\"/>\n"
                body += "<text class=\"chart-value\" x=\"\(WeekChart.labelWidth + length + 6)\" y=\"\(y + 15)\">\(row.count)</text>\n"
                y += WeekChart.rowHeight
            }
            y += 8
            description.append("\(item.title): " + item.rows.map { "\($0.label) \($0.count)" }.joined(separator: ", "))
        }
        return """
            <svg class="week-chart" role="img" aria-labelledby="\(id)-title \(id)-desc" viewBox="0 0 \(width) \(max(y, 1))" width="\(width)" height="\(max(y, 1))" xmlns="http://www.w3.org/2000/svg">
            <title id="\(id)-title">\(escape(caption))</title>
            <desc id="\(id)-desc">\(escape(description.joined(separator: ". ")))</desc>
            \(body)</svg>
            """
    }

    private func escape(_ text: String) -> String { Feeds.escape(text) }
}
