import Foundation

extension Easing {
    /// Parses an easing name from `site.yml`: `linear`, `ease-in`, `ease-out`, `ease-in-out`
    /// (also camel case: `easeInOut`), `cubic-bezier(a, b, c, d)` (or `timingCurve(...)`),
    /// `spring(response: 0.5, damping: 0.7)` (`dampingFraction:` also accepted, labels
    /// optional) and the presets `bouncy`, `smooth`, `snappy`. Case and spaces do not matter.
    /// - Returns: nil for anything else, including cubic-bezier x values outside 0 ... 1.
    init?(parsing text: String) {
        let compact = text.lowercased().filter { !$0.isWhitespace }
        switch compact.replacingOccurrences(of: "-", with: "").replacingOccurrences(of: "_", with: "") {
        case "linear": self = .linear; return
        case "easein": self = .easeIn; return
        case "easeout": self = .easeOut; return
        case "easeinout": self = .easeInOut; return
        case "bouncy": self = .spring(.bouncy); return
        case "smooth": self = .spring(.smooth); return
        case "snappy": self = .spring(.snappy); return
        default: break
        }
        guard let open = compact.firstIndex(of: "("), compact.hasSuffix(")") else { return nil }
        let name = compact[..<open]
        let inner = compact[compact.index(after: open)..<compact.index(before: compact.endIndex)]
        var labels: [String] = []
        var numbers: [Double] = []
        for part in inner.split(separator: ",", omittingEmptySubsequences: false) {
            let pieces = part.split(separator: ":", omittingEmptySubsequences: false)
            guard pieces.count <= 2, let last = pieces.last, let number = Double(last), number.isFinite
            else { return nil }
            labels.append(pieces.count == 2 ? String(pieces[0]) : "")
            numbers.append(number)
        }
        switch name {
        case "cubic-bezier", "timingcurve":
            guard numbers.count == 4, labels.allSatisfy(\.isEmpty),
                (0...1).contains(numbers[0]), (0...1).contains(numbers[2])
            else { return nil }
            self = .timingCurve(numbers[0], numbers[1], numbers[2], numbers[3])
        case "spring":
            guard numbers.count == 2,
                labels[0].isEmpty || labels[0] == "response",
                labels[1].isEmpty || labels[1] == "damping" || labels[1] == "dampingfraction",
                numbers[0] > 0, numbers[1] > 0
            else { return nil }
            self = .spring(Spring(response: numbers[0], dampingFraction: numbers[1]))
        default:
            return nil
        }
    }
}
