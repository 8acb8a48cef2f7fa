import Foundation

/// A compact binary encoding for values the cache keeps between builds and reads back many
/// thousands of times per build, where JSON's parsing was most of the cost: integers as
/// variable-length (zigzag) numbers, doubles by their bits, strings length-prefixed UTF-8,
/// optionals with a presence byte. The writer and reader of a type must agree field by field;
/// a reader that finds anything unexpected returns nil, and the caller falls back to the
/// type's JSON.
///
/// A writer made with ``init(file:)`` hands its bytes to a ``ByteFile`` a piece at a time (after
/// each element of a collection), so that a 50,000-photo index or manifest is never whole in
/// memory: it was, twice over (the bytes, then their `Data` copy), at the end of the build,
/// where the memory peaks.
struct ByteWriter {
    private(set) var bytes: [UInt8] = []
    /// Where the bytes go, for a writer made by ``init(file:)``.
    private let file: ByteFile?

    /// A writer that keeps its bytes, in ``bytes``.
    init() {
        file = nil
    }

    /// A writer that writes to `file`: end it with ``commit()``.
    init(file: ByteFile) {
        self.file = file
        bytes.reserveCapacity(Self.pieceSize)
    }

    /// How much a writer to a file gathers before it writes.
    static let pieceSize = 1 << 20

    /// Writes what was added so far to the file, once it is a piece's worth.
    mutating func flushIfFull() {
        guard let file, bytes.count >= Self.pieceSize else { return }
        file.append(bytes)
        bytes.removeAll(keepingCapacity: true)
    }

    /// Writes the rest and puts the file in place (``ByteFile/commit()``).
    mutating func commit() throws(POSIXError) {
        guard let file else { return }
        file.append(bytes)
        bytes = []
        try file.commit()
    }

    mutating func add(_ value: Int) {
        var zigzag = UInt64(bitPattern: Int64(value << 1) ^ Int64(value >> 63))
        while zigzag >= 0x80 {
            bytes.append(UInt8(zigzag & 0x7F) | 0x80)
            zigzag >>= 7
        }
        bytes.append(UInt8(zigzag))
    }

    mutating func add(_ value: Double) {
        withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func add(_ value: Bool) {
        bytes.append(value ? 1 : 0)
    }

    mutating func add(_ value: String) {
        // A native string's UTF-8 count is stored and its bytes are contiguous: no copy.
        add(value.utf8.count)
        bytes.append(contentsOf: value.utf8)
    }

    /// A presence byte, then the value when there is one.
    mutating func add<T>(_ value: T?, _ write: (inout ByteWriter, T) -> Void) {
        add(value != nil)
        if let value { write(&self, value) }
    }

    mutating func add(_ value: String?) { add(value) { $0.add($1) } }
    mutating func add(_ value: Int?) { add(value) { $0.add($1) } }
    mutating func add(_ value: Double?) { add(value) { $0.add($1) } }

    /// A length, then the bytes as they are.
    mutating func add(bytes value: [UInt8]) {
        add(value.count)
        bytes.append(contentsOf: value)
    }

    /// A count, then each element (in the collection's order).
    mutating func add<Values: Collection>(
        _ values: Values, _ write: (inout ByteWriter, Values.Element) -> Void
    ) {
        add(values.count)
        for value in values {
            write(&self, value)
            flushIfFull()
        }
    }
}

/// A file written atomically, by pieces: into a hidden temporary file beside it (named after
/// the process, so that builds sharing a cache folder never write into each other's), renamed
/// over it by ``commit()``, removed when never committed. A failed write is remembered and
/// reported by ``commit()``, which then leaves the file as it was. What a killed process left
/// in the cache folder goes with the cache's pruning.
final class ByteFile {
    /// Between the file's name and the process id in a temporary file's name.
    static let partMarker = ".part-"

    private let path: String
    private let temporary: String
    private var descriptor: Int32
    private var failure: Int32?
    /// The temporary file is this object's and not renamed yet: removed with it.
    private var holdsTemporary = false

    /// Opens the temporary file for `url`.
    init(_ url: URL) throws(POSIXError) {
        path = url.path
        temporary =
            url.deletingLastPathComponent().path + "/." + url.lastPathComponent + Self.partMarker
            + "\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw POSIXError(errno) }
        holdsTemporary = true
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
        if holdsTemporary { unlink(temporary) }
    }

    /// Appends `bytes`; after a failure, nothing more is written.
    func append(_ bytes: [UInt8]) {
        guard failure == nil else { return }
        bytes.withUnsafeBytes { buffer in
            guard let start = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, start + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
    }

    /// Closes the temporary file and renames it over the file.
    func commit() throws(POSIXError) {
        let closed = close(descriptor) == 0 ? nil : errno
        descriptor = -1
        if let code = failure ?? closed { throw POSIXError(code) }
        guard rename(temporary, path) == 0 else { throw POSIXError(errno) }
        holdsTemporary = false
    }
}

extension POSIXError {
    /// The error for `code`, an errno value (EIO for one Foundation does not name).
    init(_ code: Int32) {
        self.init(POSIXErrorCode(rawValue: code) ?? .EIO)
    }
}

/// Reads what ``ByteWriter`` wrote; every read is nil once anything is out of place.
struct ByteReader {
    private let bytes: [UInt8]
    private var index = 0
    /// True once a read failed: every later read fails too.
    private(set) var failed = false

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// True when every byte was read and nothing failed.
    var isComplete: Bool { !failed && index == bytes.count }

    mutating func int() -> Int? {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while !failed, index < bytes.count, shift < 64 {
            let byte = bytes[index]
            index += 1
            result |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 {
                let value = Int64(bitPattern: (result >> 1) ^ (0 &- (result & 1)))
                return Int(exactly: value) ?? fail()
            }
            shift += 7
        }
        return fail()
    }

    mutating func double() -> Double? {
        guard !failed, index + 8 <= bytes.count else { return fail() }
        var bits: UInt64 = 0
        for offset in 0..<8 { bits |= UInt64(bytes[index + offset]) << (8 * UInt64(offset)) }
        index += 8
        return Double(bitPattern: bits)
    }

    mutating func bool() -> Bool? {
        guard !failed, index < bytes.count, bytes[index] <= 1 else { return fail() }
        index += 1
        return bytes[index - 1] == 1
    }

    mutating func string() -> String? {
        guard let count = int(), count >= 0, index + count <= bytes.count else { return fail() }
        let text = String(decoding: bytes[index..<index + count], as: UTF8.self)
        index += count
        return text
    }

    /// What ``ByteWriter/add(bytes:)`` wrote.
    mutating func rawBytes() -> [UInt8]? {
        guard let count = int(), count >= 0, index + count <= bytes.count else { return fail() }
        defer { index += count }
        return Array(bytes[index..<index + count])
    }

    /// An optional: `.some(nil)` when absent, nil when the bytes are wrong.
    mutating func optional<T>(_ read: (inout ByteReader) -> T?) -> T?? {
        guard let present = bool() else { return nil }
        guard present else { return .some(nil) }
        guard let value = read(&self) else { return fail() }
        return .some(value)
    }

    mutating func array<T>(_ read: (inout ByteReader) -> T?) -> [T]? {
        guard let count = int(), count >= 0, count <= bytes.count - index else { return fail() }
        var values: [T] = []
        values.reserveCapacity(count)
        for _ in 0..<count {
            guard let value = read(&self) else { return fail() }
            values.append(value)
        }
        return values
    }

    private mutating func fail<T>() -> T? {
        failed = true
        return nil
    }
}
