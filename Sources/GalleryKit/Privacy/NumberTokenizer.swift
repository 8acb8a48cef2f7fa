/// Splits text into the numbers ``CoordinateTextMatcher`` cares about: decimals with at least
/// three decimals and degree-minute-second angles, each between 0 and 180.
///
/// Works on raw bytes (UTF-8 or ASCII), in one forward pass: every step moves past at least
/// one byte, so the cost is linear in the file size whatever the content.
enum NumberTokenizer {
    /// One number of interest.
    enum Token: Equatable {
        /// A decimal, as its integer part * 1000 + its first three decimals (`48.8584` -> 48858).
        case decimal(milli: Int)
        /// A degrees-minutes(-seconds) angle in decimal degrees.
        case angle(Double)
    }

    /// Calls `visit(offset, token)` for each number in order; `visit` returns true to stop.
    static func scan(_ bytes: [UInt8], _ visit: (Int, Token) -> Bool) {
        bytes.withUnsafeBufferPointer { text in
            var index = 0
            while index < text.count {
                guard isDigit(text[index]) else {
                    index += 1
                    continue
                }
                if index > 0, isDigit(text[index - 1]) || text[index - 1] == dot {
                    index = number(text, at: index).end
                    continue
                }
                let degrees = number(text, at: index)
                if degrees.integerDigits <= 3, degrees.integer <= 180 {
                    if degrees.fractionDigits >= 3 {
                        if visit(index, .decimal(milli: degrees.integer * 1000 + degrees.milli)) { return }
                    } else if degrees.fractionDigits == 0,
                        let angle = dmsAngle(text, after: degrees.end, degrees: degrees.integer)
                    {
                        if visit(index, .angle(angle.value)) { return }
                        index = angle.end
                        continue
                    }
                }
                index = degrees.end
            }
        }
    }

    /// A number's parts: its integer (capped), its digit counts and its value.
    struct Number {
        var integer = 0
        var integerDigits = 0
        var milli = 0
        var fractionDigits = 0
        var value = 0.0
        var end = 0
    }

    static let dot = UInt8(ascii: ".")

    @inline(__always) static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

    /// Reads `123` or `123.4567` starting at a digit.
    static func number(_ text: UnsafeBufferPointer<UInt8>, at start: Int) -> Number {
        var result = Number()
        var index = start
        while index < text.count, isDigit(text[index]) {
            if result.integerDigits < 9 { result.integer = result.integer * 10 + Int(text[index] - 0x30) }
            result.integerDigits += 1
            index += 1
        }
        result.value = Double(result.integer)
        if index + 1 < text.count, text[index] == dot, isDigit(text[index + 1]) {
            index += 1
            var scale = 0.1
            while index < text.count, isDigit(text[index]) {
                let digit = Int(text[index] - 0x30)
                if result.fractionDigits < 3 { result.milli = result.milli * 10 + digit }
                if result.fractionDigits < 12 { result.value += Double(digit) * scale }
                scale /= 10
                result.fractionDigits += 1
                index += 1
            }
            for _ in result.fractionDigits..<max(result.fractionDigits, 3) { result.milli *= 10 }
        }
        result.end = index
        return result
    }

    /// Reads `°51'29.6"` or `° 51.49′` after a whole number of degrees.
    static func dmsAngle(
        _ text: UnsafeBufferPointer<UInt8>, after start: Int, degrees: Int
    ) -> (value: Double, end: Int)? {
        guard let afterDegree = AngleMarks.match(AngleMarks.degree, text, AngleMarks.skipSpace(text, start))
        else {
            return nil
        }
        let minuteStart = AngleMarks.skipSpace(text, afterDegree)
        guard minuteStart < text.count, isDigit(text[minuteStart]) else { return nil }
        let minutes = number(text, at: minuteStart)
        guard minutes.integerDigits <= 2, minutes.value < 60,
            let afterMinute = AngleMarks.match(
                AngleMarks.minute, text, AngleMarks.skipSpace(text, minutes.end))
        else { return nil }
        if minutes.fractionDigits >= 2 { return (Double(degrees) + minutes.value / 60, afterMinute) }
        guard minutes.fractionDigits == 0 else { return nil }
        let secondStart = AngleMarks.skipSpace(text, afterMinute)
        guard secondStart < text.count, isDigit(text[secondStart]) else { return nil }
        let seconds = number(text, at: secondStart)
        guard seconds.integerDigits <= 2, seconds.value < 60,
            let afterSecond = AngleMarks.match(
                AngleMarks.second, text, AngleMarks.skipSpace(text, seconds.end))
        else { return nil }
        return (Double(degrees) + minutes.value / 60 + seconds.value / 3600, afterSecond)
    }
}
