import Foundation

/// ZIP archives of files that are already compressed (photos): entries are stored, not
/// deflated (JPEG, PNG and WebP gain nothing from deflate, and unzipping then costs nothing),
/// and the archive is deterministic: entries in the given order, a fixed timestamp
/// (1980-01-01 00:00, the first DOS date), no extra fields but ZIP64's when an archive or
/// an entry passes 4 GiB, which every current unzip reads.
enum ZipArchive {
    /// One entry: its name in the archive and the file that holds its bytes.
    struct Entry: Sendable, Hashable {
        var name: String
        var file: URL
    }

    enum Failure: Error, Sendable, Hashable {
        case cannotRead(String, detail: String)
        case cannotWrite(String, detail: String)
    }

    /// Writes the archive of `entries` to `destination`, streaming each file through once
    /// (for its CRC-32 and its bytes): memory stays one 1 MiB buffer whatever the sizes.
    /// - Returns: the archive's size in bytes.
    @discardableResult
    static func write(_ entries: [Entry], to destination: URL) throws(Failure) -> Int64 {
        guard FileManager.default.createFile(atPath: destination.path, contents: nil),
            let output = FileHandle(forWritingAtPath: destination.path)
        else {
            throw .cannotWrite(destination.path, detail: "cannot create the file")
        }
        defer { try? output.close() }
        var offset: UInt64 = 0
        var central: [UInt8] = []
        func emit(_ bytes: [UInt8]) throws(Failure) {
            do {
                try output.write(contentsOf: bytes)
            } catch {
                throw .cannotWrite(destination.path, detail: fileErrorText(error))
            }
            offset += UInt64(bytes.count)
        }
        for entry in entries {
            let (crc, size) = try checksum(of: entry.file)
            let name = Array(entry.name.utf8)
            let headerOffset = offset
            let big = size >= 0xFFFF_FFFF || headerOffset >= 0xFFFF_FFFF
            var local = Bytes()
            local.u32(0x0403_4b50)
            local.u16(big ? 45 : 20)  // version needed: 4.5 for ZIP64
            local.u16(0x0800)  // UTF-8 names
            local.u16(0)  // stored
            local.u16(0)  // 00:00
            local.u16(0x0021)  // 1980-01-01
            local.u32(crc)
            local.u32(big ? 0xFFFF_FFFF : UInt32(size))
            local.u32(big ? 0xFFFF_FFFF : UInt32(size))
            local.u16(UInt16(name.count))
            local.u16(big ? 20 : 0)
            local.bytes += name
            if big {
                local.u16(0x0001)
                local.u16(16)
                local.u64(size)
                local.u64(size)
            }
            try emit(local.bytes)
            try copy(entry.file, into: output, expected: size, destination: destination)
            offset += size

            var record = Bytes()
            record.u32(0x0201_4b50)
            record.u16(0x031E)  // made by: Unix, 3.0
            record.u16(big ? 45 : 20)
            record.u16(0x0800)
            record.u16(0)
            record.u16(0)
            record.u16(0x0021)
            record.u32(crc)
            record.u32(big ? 0xFFFF_FFFF : UInt32(size))
            record.u32(big ? 0xFFFF_FFFF : UInt32(size))
            record.u16(UInt16(name.count))
            record.u16(big ? 28 : 0)
            record.u16(0)  // comment
            record.u16(0)  // disk
            record.u16(0)  // internal attributes
            record.u32(0o100644 << 16)  // a regular file, rw-r--r--
            record.u32(big ? 0xFFFF_FFFF : UInt32(headerOffset))
            record.bytes += name
            if big {
                record.u16(0x0001)
                record.u16(24)
                record.u64(size)
                record.u64(size)
                record.u64(headerOffset)
            }
            central += record.bytes
        }
        let centralOffset = offset
        try emit(central)
        let count = UInt64(entries.count)
        let needs64 = centralOffset >= 0xFFFF_FFFF || count >= 0xFFFF
        var end = Bytes()
        if needs64 {
            let zip64End = offset
            end.u32(0x0606_4b50)
            end.u64(44)
            end.u16(45)
            end.u16(45)
            end.u32(0)
            end.u32(0)
            end.u64(count)
            end.u64(count)
            end.u64(UInt64(central.count))
            end.u64(centralOffset)
            end.u32(0x0706_4b50)
            end.u32(0)
            end.u64(zip64End)
            end.u32(1)
        }
        end.u32(0x0605_4b50)
        end.u16(0)
        end.u16(0)
        end.u16(needs64 ? 0xFFFF : UInt16(count))
        end.u16(needs64 ? 0xFFFF : UInt16(count))
        end.u32(needs64 ? 0xFFFF_FFFF : UInt32(central.count))
        end.u32(needs64 ? 0xFFFF_FFFF : UInt32(centralOffset))
        end.u16(0)
        try emit(end.bytes)
        return Int64(offset)
    }

    private static let blockSize = 1 << 20

    /// CRC-32 and size of a file, read in blocks.
    private static func checksum(of file: URL) throws(Failure) -> (UInt32, UInt64) {
        guard let input = FileHandle(forReadingAtPath: file.path) else {
            throw .cannotRead(file.path, detail: "cannot open the file")
        }
        defer { try? input.close() }
        var crc = CRC32()
        var size: UInt64 = 0
        while true {
            let block: Data
            do {
                block = try input.read(upToCount: blockSize) ?? Data()
            } catch {
                throw .cannotRead(file.path, detail: fileErrorText(error))
            }
            if block.isEmpty { break }
            crc.update(block)
            size += UInt64(block.count)
        }
        return (crc.value, size)
    }

    private static func copy(_ file: URL, into output: FileHandle, expected: UInt64, destination: URL)
        throws(Failure)
    {
        guard let input = FileHandle(forReadingAtPath: file.path) else {
            throw .cannotRead(file.path, detail: "cannot open the file")
        }
        defer { try? input.close() }
        var copied: UInt64 = 0
        while true {
            let block: Data
            do {
                block = try input.read(upToCount: blockSize) ?? Data()
                if block.isEmpty { break }
                try output.write(contentsOf: block)
            } catch {
                throw .cannotWrite(destination.path, detail: fileErrorText(error))
            }
            copied += UInt64(block.count)
        }
        guard copied == expected else {
            throw .cannotRead(file.path, detail: "the file changed while it was archived")
        }
    }

    /// Little-endian fields.
    private struct Bytes {
        var bytes: [UInt8] = []
        mutating func u16(_ value: UInt16) { bytes += [UInt8(value & 0xFF), UInt8(value >> 8)] }
        mutating func u32(_ value: UInt32) {
            for shift in stride(from: 0, to: 32, by: 8) {
                bytes.append(UInt8((value >> UInt32(shift)) & 0xFF))
            }
        }
        mutating func u64(_ value: UInt64) {
            for shift in stride(from: 0, to: 64, by: 8) {
                bytes.append(UInt8((value >> UInt64(shift)) & 0xFF))
            }
        }
    }
}

/// CRC-32 as ZIP (and PNG, gzip) define it: polynomial 0xEDB88320, reflected.
struct CRC32 {
    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    private var state: UInt32 = 0xFFFF_FFFF

    mutating func update(_ data: Data) {
        data.withUnsafeBytes { update($0) }
    }

    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        var crc = state
        Self.table.withUnsafeBufferPointer { table in
            for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        }
        state = crc
    }

    var value: UInt32 { state ^ 0xFFFF_FFFF }
}
