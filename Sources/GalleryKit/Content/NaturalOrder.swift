/// File-name order as people expect it: `2.jpg` before `10.jpg`, case ignored, ties broken by
/// the exact bytes so the order is total and the same on every machine.
///
/// A name is cut into digit runs and text runs once, as its ``Key``: sorting a folder of 100
/// photos compares each name with several others, and cutting both names anew on every
/// comparison was most of the content stage's sorting time.
enum NaturalOrder {
    /// True when `a` sorts before `b`.
    static func less(_ a: String, _ b: String) -> Bool {
        Key(a) < Key(b)
    }

    /// `names` in natural order.
    static func sorted(_ names: [String]) -> [String] {
        sorted(names, by: { $0 })
    }

    /// `items` in the natural order of `name(item)`, each name cut once.
    static func sorted<Item>(_ items: [Item], by name: (Item) -> String) -> [Item] {
        items.map { (key: Key(name($0)), item: $0) }.sorted { $0.key < $1.key }.map(\.item)
    }

    /// A name cut into its runs, ready to be compared many times.
    struct Key: Comparable {
        fileprivate let chunks: [Chunk]
        fileprivate let name: String

        init(_ name: String) {
            self.name = name
            chunks = NaturalOrder.chunks(name)
        }

        static func < (a: Key, b: Key) -> Bool {
            for (x, y) in zip(a.chunks, b.chunks) where x != y {
                switch (x, y) {
                case (.number(let m, let mText), .number(let n, let nText)):
                    if m != n { return m < n }
                    return mText < nText
                case (.number, .text): return true
                case (.text, .number): return false
                case (.text(let s, let ls), .text(let t, let lt)):
                    if ls != lt { return ls.utf8.lexicographicallyPrecedes(lt.utf8) }
                    return s.utf8.lexicographicallyPrecedes(t.utf8)
                }
            }
            if a.chunks.count != b.chunks.count { return a.chunks.count < b.chunks.count }
            return a.name.utf8.lexicographicallyPrecedes(b.name.utf8)
        }

        /// Equal when neither sorts first: the same bytes.
        static func == (a: Key, b: Key) -> Bool {
            a.name.utf8.elementsEqual(b.name.utf8)
        }
    }

    /// A run of digits (its value and text) or of anything else (its text, and lowercased).
    fileprivate enum Chunk: Equatable {
        case number(Double, String)
        case text(String, lowered: String)
    }

    private static func chunks(_ name: String) -> [Chunk] {
        let utf8 = name.utf8
        if utf8.allSatisfy({ $0 < 0x80 }) { return asciiChunks(utf8) }
        var result: [Chunk] = []
        var current = ""
        var inDigits = false
        func flush() {
            guard !current.isEmpty else { return }
            if inDigits {
                result.append(.number(Double(current) ?? 0, current))
            } else {
                result.append(.text(current, lowered: current.lowercased()))
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

    /// ``chunks(_:)`` of an ASCII name, byte by byte: every byte is a character then (a
    /// "\r\n" pair is one, but neither is a digit), and walking characters was most of the
    /// content stage's time at 10,000 photos.
    private static func asciiChunks(_ utf8: String.UTF8View) -> [Chunk] {
        var result: [Chunk] = []
        var start = utf8.startIndex
        var inDigits = false
        func flush(_ end: String.Index) {
            guard start < end else { return }
            let text = String(decoding: utf8[start..<end], as: UTF8.self)
            result.append(
                inDigits ? .number(Double(text) ?? 0, text) : .text(text, lowered: text.lowercased()))
        }
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let isDigit = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(utf8[index])
            if isDigit != inDigits {
                flush(index)
                start = index
                inDigits = isDigit
            }
            index = utf8.index(after: index)
        }
        flush(utf8.endIndex)
        return result
    }
}
