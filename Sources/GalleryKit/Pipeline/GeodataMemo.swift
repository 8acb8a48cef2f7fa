import Foundation

/// The gazetteer and the maps' outlines, read and parsed once per process while their files
/// are unchanged (by path, size and modification time): a `serve` session rebuilds after every
/// edit, and parsing them costs tens of milliseconds each time.
enum GeodataMemo {
    private static let gazetteers = Locked<[String: Gazetteer]>([:])
    private static let atlases = Locked<[String: MapAtlas]>([:])

    static func gazetteer(at file: URL) throws -> Gazetteer {
        try memo(gazetteers, file) { bytes in try Gazetteer(bytes: bytes) }
    }

    static func atlas(at file: URL) throws -> MapAtlas {
        try memo(atlases, file) { bytes in try MapAtlas(bytes: bytes) }
    }

    private static func memo<Value: Sendable>(
        _ store: Locked<[String: Value]>, _ file: URL, _ parse: ([UInt8]) throws -> Value
    ) throws -> Value {
        let attributes = try? FileManager.default.attributesOfItem(atPath: file.path)
        let stamp = [
            file.path, (attributes?[.size] as? NSNumber)?.stringValue ?? "",
            ((attributes?[.modificationDate] as? Date)?.timeIntervalSince1970).map { String($0) } ?? "",
        ].joined(separator: "\u{0}")
        if let known = store.withLock({ $0[stamp] }) { return known }
        let value = try parse(try FileReader(path: file.path).readWhole())
        store.withLock { $0 = [stamp: value] }
        return value
    }
}
