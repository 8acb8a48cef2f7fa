import Foundation

/// IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`) formatting and parsing for Last-Modified and
/// If-Modified-Since.
enum HTTPDate {
    private static let names = (
        days: ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"],
        months: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    )

    /// The Gregorian calendar in GMT, made once (a Calendar per response cost more than the
    /// formatting).
    private static let gmt: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "GMT") ?? calendar.timeZone
        return calendar
    }()

    /// Formats whole seconds since 1970 in GMT.
    static func format(secondsSince1970 seconds: Int) -> String {
        let date = Date(timeIntervalSince1970: TimeInterval(seconds))
        let c = gmt.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let weekday = names.days[((seconds / 86_400) % 7 + 7) % 7]
        func two(_ value: Int?) -> String {
            let v = value ?? 0
            return v < 10 ? "0\(v)" : "\(v)"
        }
        return "\(weekday), \(two(c.day)) \(names.months[(c.month ?? 1) - 1]) \(c.year ?? 1970) "
            + "\(two(c.hour)):\(two(c.minute)):\(two(c.second)) GMT"
    }

    /// Parses an IMF-fixdate into seconds since 1970; nil for anything else.
    static func parse(_ text: String) -> Int? {
        let parts = text.split(separator: " ")
        guard parts.count == 6, parts[5] == "GMT", let day = Int(parts[1]),
            let monthIndex = names.months.firstIndex(of: String(parts[2])), let year = Int(parts[3])
        else { return nil }
        let time = parts[4].split(separator: ":").compactMap { Int($0) }
        guard time.count == 3 else { return nil }
        let components = DateComponents(
            year: year, month: monthIndex + 1, day: day, hour: time[0], minute: time[1], second: time[2])
        guard let date = gmt.date(from: components) else { return nil }
        return Int(date.timeIntervalSince1970)
    }
}
