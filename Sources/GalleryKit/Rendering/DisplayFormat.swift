import Foundation

/// Turns model values into the text pages show. Everything is computed in UTC with fixed
/// English month names (the `en_US_POSIX` conventions), so output never depends on the build
/// machine's zone or locale.
enum DisplayFormat {
    private static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September",
        "October", "November", "December",
    ]

    private static var utcCalendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current
        calendar.locale = Locale(identifier: "en_US_POSIX")
        return calendar
    }

    private static func components(_ date: Date) -> DateComponents {
        utcCalendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    }

    private static func pad(_ value: Int?, _ width: Int = 2) -> String {
        let text = String(value ?? 0)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    /// `March 1, 2024`.
    static func longDate(_ date: Date) -> String {
        let parts = components(date)
        let month = monthNames[max(0, min(11, (parts.month ?? 1) - 1))]
        return "\(month) \(parts.day ?? 1), \(parts.year ?? 1970)"
    }

    /// `March 1, 2024, 14:05`.
    static func longDateTime(_ date: Date) -> String {
        let parts = components(date)
        return "\(longDate(date)), \(pad(parts.hour)):\(pad(parts.minute))"
    }

    /// `2024-03-01T14:05:09Z` (RFC 3339, for Atom, sitemaps and `<time datetime>`).
    static func iso8601(_ date: Date) -> String {
        let parts = components(date)
        return "\(pad(parts.year, 4))-\(pad(parts.month))-\(pad(parts.day))T"
            + "\(pad(parts.hour)):\(pad(parts.minute)):\(pad(parts.second))Z"
    }

    /// `2024-03-01`.
    static func isoDay(_ date: Date) -> String {
        let parts = components(date)
        return "\(pad(parts.year, 4))-\(pad(parts.month))-\(pad(parts.day))"
    }

    /// The year, for the copyright line.
    static func year(_ date: Date) -> Int {
        components(date).year ?? 1970
    }

    /// The year and the month (1-12), for the timeline.
    static func yearAndMonth(_ date: Date) -> (year: Int, month: Int) {
        let parts = utcCalendar.dateComponents([.year, .month], from: date)
        return (parts.year ?? 1970, parts.month ?? 1)
    }

    /// `1 photo`, `12 photos`: a count and its noun, with an `s` but for one.
    static func count(_ value: Int, _ noun: String) -> String {
        value == 1 ? "1 \(noun)" : "\(value) \(noun)s"
    }

    /// `April` for 4.
    static func monthName(_ month: Int) -> String {
        monthNames[max(0, min(11, month - 1))]
    }

    /// A number without a trailing `.0` and with at most `digits` decimals: `35`, `2.8`, `4.5`.
    static func number(_ value: Double, digits: Int = 1) -> String {
        decimalText(value, digits: digits)
    }

    /// Exposure time as photographers write it: `1/250 s`, `1/8 s`, `0.3 s` is `1/3 s`, `2 s`,
    /// `1.3 s`.
    static func shutter(_ seconds: Double) -> String? {
        guard seconds > 0, seconds.isFinite else { return nil }
        if seconds < 1 {
            let denominator = (1 / seconds).rounded()
            if denominator > 1 { return "1/\(Int(denominator)) s" }
            return "1 s"
        }
        return "\(number(seconds)) s"
    }

    /// `Some File Name` from `some_file-name.jpg`: the last resort for titles and alt text.
    static func humanizedFileName(_ fileName: String) -> String {
        var stem = fileName
        if let dot = stem.lastIndex(of: "."), dot != stem.startIndex {
            stem = String(stem[..<dot])
        }
        let words = stem.split(whereSeparator: { $0 == "_" || $0 == "-" || $0 == " " })
        let text = words.joined(separator: " ")
        guard let first = text.first else { return fileName }
        return first.uppercased() + text.dropFirst()
    }
}
