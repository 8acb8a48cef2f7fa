/// A single `Range: bytes=...` request resolved against a body length.
enum ByteRange: Equatable {
    /// Serve the whole body (no Range header, or one we ignore such as several ranges).
    case whole
    /// Serve `lower...upper` (inclusive) with 206.
    case partial(lower: UInt64, upper: UInt64)
    /// Answer 416.
    case unsatisfiable

    static func parse(_ header: String?, length: UInt64) -> ByteRange {
        guard let header else { return .whole }
        let trimmed = header.trimmingSpaces()
        guard trimmed.hasPrefix("bytes=") else { return .whole }
        let spec = trimmed.dropFirst("bytes=".count).trimmingSpaces()
        if spec.contains(",") { return .whole }
        let pieces = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard pieces.count == 2 else { return .whole }
        let first = pieces[0].trimmingSpaces()
        let last = pieces[1].trimmingSpaces()
        if first.isEmpty {
            guard let suffix = UInt64(last) else { return .whole }
            if suffix == 0 || length == 0 { return .unsatisfiable }
            return .partial(lower: length - min(suffix, length), upper: length - 1)
        }
        guard let lower = UInt64(first) else { return .whole }
        if lower >= length { return .unsatisfiable }
        if last.isEmpty { return .partial(lower: lower, upper: length - 1) }
        guard let upper = UInt64(last), upper >= lower else { return .whole }
        return .partial(lower: lower, upper: min(upper, length - 1))
    }
}

extension StringProtocol {
    func trimmingSpaces() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
