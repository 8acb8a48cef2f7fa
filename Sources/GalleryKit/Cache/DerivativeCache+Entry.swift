import Foundation

/// What a cache entry records beside the files it keeps: a photo's ``PhotoDerivatives``
/// (`photo.json`) or a clip's ``VideoDerivatives`` (`video.json`). Both kinds go one way:
/// assembled in `<cache>/tmp/` and renamed into place (``DerivativeCache/storeEntry(_:key:of:filesIn:keeping:)``),
/// read back only when complete (``DerivativeCache/entryRecord(for:as:)``), linked into a site
/// (``DerivativeCache/restoreEntry(_:key:into:)``) and marked used in the index.
protocol CacheRecord: Codable, Sendable {
    /// The record's file in the entry.
    static var recordFileName: String { get }
    /// The record's field in that file, beside `schema` and `key`.
    static var recordField: String { get }
    /// Files an entry of this kind keeps that are not published (a clip's poster frame).
    static var keptFileNames: [String] { get }
    /// The published files the entry holds: site path and size.
    var entryFiles: [(path: String, byteCount: Int)] { get }
}

extension CacheRecord {
    /// Each published file's name inside the entry (the last component of its path), or nil
    /// when a path is unsafe (absolute, `..`, empty parts) or two files, or a file and the
    /// record or a kept file, share a name.
    var entryFileNames: [String]? {
        var names: [String] = []
        var seen = Set([Self.recordFileName] + Self.keptFileNames)
        for file in entryFiles {
            let parts = file.path.split(separator: "/", omittingEmptySubsequences: false)
            guard !file.path.hasPrefix("/"),
                parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." && !$0.contains("\0") }),
                let last = parts.last, seen.insert(String(last)).inserted
            else { return nil }
            names.append(String(last))
        }
        return names
    }
}

/// A photo's entry: its renditions (and published original) and `photo.json`. It holds nothing
/// of the ``PhotoSource`` (titles and captions come fresh from the content stage at every
/// build, so editing them never touches the cache).
extension PhotoDerivatives: CacheRecord {
    static var recordFileName: String { DerivativeCache.recordFileName }
    static var recordField: String { "photo" }
    static var keptFileNames: [String] { [] }
    var entryFiles: [(path: String, byteCount: Int)] { publishedFiles.map { ($0.path, $0.byteCount) } }
}

/// A clip's entry: its published files, `video.json` and `poster.png`, the poster frame the
/// image stage reads (its renditions are an ordinary photo entry, keyed by the poster's bytes).
extension VideoDerivatives: CacheRecord {
    static var recordFileName: String { DerivativeCache.videoRecordFileName }
    static var recordField: String { "video" }
    static var keptFileNames: [String] { [DerivativeCache.posterFileName] }
    var entryFiles: [(path: String, byteCount: Int)] { files.map { ($0.path, $0.byteCount) } }
}

/// The contents of an entry's record file, `{"key": ..., "photo": {...}, "schema": 1}`: the
/// schema number and the key guard against entries written by another version or moved to the
/// wrong folder.
struct CacheEntryFile<Record: CacheRecord>: Codable {
    static var currentSchema: Int { 1 }
    var schema: Int
    var key: String
    var record: Record

    init(key: String, record: Record) {
        self.schema = Self.currentSchema
        self.key = key
        self.record = record
    }

    private struct Field: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: Field.self)
        schema = try fields.decode(Int.self, forKey: Field("schema"))
        key = try fields.decode(String.self, forKey: Field("key"))
        record = try fields.decode(Record.self, forKey: Field(Record.recordField))
    }

    func encode(to encoder: any Encoder) throws {
        var fields = encoder.container(keyedBy: Field.self)
        try fields.encode(schema, forKey: Field("schema"))
        try fields.encode(key, forKey: Field("key"))
        try fields.encode(record, forKey: Field(Record.recordField))
    }
}
