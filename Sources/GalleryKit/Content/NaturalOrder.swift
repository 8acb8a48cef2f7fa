/// File-name order as people expect it: `2.jpg` before `10.jpg`, case ignored, ties broken by
/// the exact bytes so the order is total and the same on every machine.
enum NaturalOrder {
    /// True when `a` sorts before `b`.
    static func less(_ a: String, _ b: String) -> Bool {
        let left = chunks(a)
        let right = chunks(b)
        for (x, y) in zip(left, right) where x != y {
            switch (x, y) {
            case (.number(let m, let mText), .number(let n, let nText)):
                if m != n { return m < n }
                return mText < nText
            case (.number, .text): return true
            case (.text, .number): return false
            case (.text(let s), .text(let t)):
                let (ls, lt) = (s.lowercased(), t.lowercased())
                if ls != lt { return Array(ls.utf8).lexicographicallyPrecedes(Array(lt.utf8)) }
                return Array(s.utf8).lexicographicallyPrecedes(Array(t.utf8))
            }
        }
        if left.count != right.count { return left.count < right.count }
        return Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8))
    }

    private enum Chunk: Equatable {
        case number(Double, String)
        case text(String)
    }

    private static func chunks(_ name: String) -> [Chunk] {
        var result: [Chunk] = []
        var current = ""
        var inDigits = false
        func flush() {
            guard !current.isEmpty else { return }
            if inDigits {
                result.append(.number(Double(current) ?? 0, current))
            } else {
                result.append(.text(current))
            }
            current = ""
        }
        for character in name {
            let isDigit = character.isASCII && character.isNumber
            if isDigit != inDigits {
                flush()
                inDigits = isDigit
            }
            current.append(character)
        }
        flush()
        return result
    }
}
