import Foundation

/// A number without a trailing `.0` and with at most `digits` decimals, halves rounded away
/// from zero: `35`, `2.8`, `4.5`, never `-0`. The one number formatter of pages and
/// stylesheets.
func decimalText(_ value: Double, digits: Int = 1) -> String {
    let scale = pow(10, Double(digits))
    let rounded = (value * scale).rounded() / scale
    guard rounded.isFinite else { return String(format: "%f", rounded) }
    if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
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
