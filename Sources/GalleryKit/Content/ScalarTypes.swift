import Foundation

/// Reads typed values out of YAML scalars, which libyaml hands over as plain strings.
enum ScalarTypes {
    /// `true`/`false`/`yes`/`no`, any case.
    static func bool(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "true", "yes": true
        case "false", "no": false
        default: nil
        }
    }

    /// A decimal integer (`12`, `-3`, `+4`).
    static func int(_ text: String) -> Int? {
        Int(text.trimmingCharacters(in: .whitespaces))
    }

    /// A finite number (`24`, `0.5`, `1e3`).
    static func double(_ text: String) -> Double? {
        guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite else {
            return nil
        }
        return value
    }

    /// `2024-06-01`, `2024-06-01T09:00:00`, `2024-06-01 09:00`, optionally ending in `Z` or an
    /// RFC 3339 offset (`2023-04-01T10:00:00+02:00`, what `hugo new` writes). The day and time
    /// are read as written, in UTC, and an offset is checked but not applied: the day a page
    /// shows is the day its author wrote, and the build machine's zone never shows.
    static func date(_ text: String) -> Date? {
        var rest = Substring(text.trimmingCharacters(in: .whitespaces))
        if rest.hasSuffix("Z") || rest.hasSuffix("z") {
            rest = rest.dropLast()
        } else if rest.count > 16, let offset = offsetStart(rest) {
            rest = rest[..<offset]
        }
        let halves = rest.split(maxSplits: 1, whereSeparator: { $0 == "T" || $0 == " " })
        guard let dayPart = halves.first else { return nil }
        let day = dayPart.split(separator: "-", omittingEmptySubsequences: false)
        guard day.count == 3, day[0].count == 4, day[1].count <= 2, day[2].count <= 2,
            let year = Int(day[0]), let month = Int(day[1]), let dayOfMonth = Int(day[2])
        else { return nil }
        var components = DateComponents(year: year, month: month, day: dayOfMonth)
        if halves.count == 2 {
            let time = halves[1].split(separator: ":", omittingEmptySubsequences: false)
            guard (2...3).contains(time.count), let hour = Int(time[0]), let minute = Int(time[1]),
                (0..<24).contains(hour), (0..<60).contains(minute)
            else { return nil }
            components.hour = hour
            components.minute = minute
            if time.count == 3 {
                guard let second = Double(time[2]), (0..<61).contains(second) else { return nil }
                components.second = Int(second)
            }
        }
        guard (1...12).contains(month), (1...31).contains(dayOfMonth) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        guard let date = calendar.date(from: components),
            calendar.component(.day, from: date) == dayOfMonth
        else { return nil }
        return date
    }

    /// Where a `+02:00` or `-05:30` offset starts at the end of a date-time, when it is one.
    private static func offsetStart(_ text: Substring) -> Substring.Index? {
        let tail = text.suffix(6)
        guard let sign = tail.first, sign == "+" || sign == "-" else { return nil }
        let fields = tail.dropFirst().split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count == 2, let hours = Int(fields[0]), let minutes = Int(fields[1]),
            fields.allSatisfy({ $0.count == 2 }), (0..<24).contains(hours), (0..<60).contains(minutes)
        else { return nil }
        return tail.startIndex
    }

    /// A focal point written `0.62 0.40` (or `0.62, 0.40`): two fractions from 0 to 1.
    static func focus(_ text: String) -> FocalPoint? {
        let tokens = text.split(whereSeparator: { $0 == " " || $0 == "," })
        let parts = tokens.compactMap { double(String($0)) }
        guard tokens.count == 2, parts.count == 2, parts.allSatisfy({ (0...1).contains($0) }) else {
            return nil
        }
        return FocalPoint(x: parts[0], y: parts[1])
    }
}
