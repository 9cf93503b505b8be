import Foundation

extension SiteLanguage {
    /// Date formatters for fixed patterns (not locale templates, so output does not drift with
    /// ICU versions), in this language's locale and the given time zone, keyed by pattern.
    /// Pages and packets both print dates this way.
    public func dateFormatters(_ patterns: [String], timeZone: TimeZone) -> [String: DateFormatter] {
        var formatters: [String: DateFormatter] = [:]
        for pattern in patterns {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: self == .ko ? "ko_KR" : "en_GB")
            formatter.timeZone = timeZone
            formatter.calendar = Calendar(identifier: .gregorian)
            formatter.dateFormat = pattern
            formatters[pattern] = formatter
        }
        return formatters
    }
}
