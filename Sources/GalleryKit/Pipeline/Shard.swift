import Foundation

/// `--shard k/n`: one machine's share of a first build spread over a CI matrix. A shard
/// processes the photos and clips of its share into its cache and renders nothing; the shards'
/// cache folders are then merged by copying them into one (their entries are content-addressed
/// and each shard's index has a name of its own), and a plain build over the merged cache
/// processes nothing and renders the site.
///
/// Which share a file is in depends on the file alone (a hash of its size and its first 64 KiB),
/// not on its place in a list: the shares stay as they were when photos are added, removed or
/// renamed, and every shard finds the same split without reading more than the start of each
/// file (hashing whole files only to choose shares would read every photo on every machine).
public struct Shard: Sendable, Hashable, CustomStringConvertible {
    /// 1-based.
    public let index: Int
    public let count: Int

    /// The most shards a build can be split into.
    public static let maximumCount = 1_000

    /// Shard `index` of `count`; nil unless 1 ≤ index ≤ count ≤ ``maximumCount``.
    public init?(index: Int, count: Int) {
        guard count >= 1, count <= Self.maximumCount, index >= 1, index <= count else { return nil }
        self.index = index
        self.count = count
    }

    /// `k/n`, as `--shard` takes it.
    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
        self.init(index: index, count: count)
    }

    public var description: String { "\(index)/\(count)" }

    /// How much of a file's start decides its share.
    static let sampledBytes = 65_536

    /// True when the file at `path` is in this share. A file that cannot be read is in share 1,
    /// whose build then reports it.
    func contains(_ path: String) -> Bool {
        share(of: path) == index
    }

    /// The share (1-based) of the file at `path`.
    func share(of path: String) -> Int {
        guard count > 1 else { return 1 }
        guard let reader = try? FileReader(path: path), let start = try? reader.read(count: Self.sampledBytes)
        else { return 1 }
        var digest = SHA256()
        digest.update("\(reader.size)\n")
        digest.update(start)
        let bytes = digest.finalize()
        let value = bytes.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return Int(value % UInt64(count)) + 1
    }
}
