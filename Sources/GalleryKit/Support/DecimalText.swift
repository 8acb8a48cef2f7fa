import Foundation

/// A number without a trailing `.0` and with at most `digits` decimals, halves rounded away
/// from zero: `35`, `2.8`, `4.5`, never `-0`. The one number formatter of pages and
/// stylesheets.
func decimalText(_ value: Double, digits: Int = 1) -> String {
    let scale = pow(10, Double(digits))
    let scaled = (value * scale).rounded()
    let rounded = scaled / scale
    guard rounded.isFinite else { return String(format: "%f", rounded) }
    if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
    // In integers where they are exact (every page and stylesheet prints thousands of these,
    // and `String(format:)` is slow): the digits of `scaled`, a point before the last `digits`.
    if digits > 0, digits <= 9, abs(scaled) < 1e15 {
        let units = Int(scaled)
        var text = String(abs(units))
        if text.count <= digits { text = String(repeating: "0", count: digits - text.count + 1) + text }
        text.insert(".", at: text.index(text.endIndex, offsetBy: -digits))
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return units < 0 && text != "0" ? "-" + text : text
    }
    var text = String(format: "%.\(digits)f", rounded)
    if text.contains(".") {
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
    }
    return text == "-0" ? "0" : text
}

/// A byte count in decimal units, as file managers show it: `512 kB` (at least `1 kB`),
/// `2.4 MB`, `1.1 GB`.
func byteCountText(_ bytes: Int64) -> String {
    switch bytes {
    case ..<1_000_000: "\(max(1, Int((Double(bytes) / 1_000).rounded()))) kB"
    case ..<1_000_000_000: "\(decimalText(Double(bytes) / 1_000_000)) MB"
    default: "\(decimalText(Double(bytes) / 1_000_000_000)) GB"
    }
}
