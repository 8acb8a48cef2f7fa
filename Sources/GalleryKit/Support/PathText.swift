import Foundation

/// The part of a `/`-separated path before its last component: `a/b` for `a/b/c`, the empty
/// string for `c`, `/` for `/c`.
///
/// Use it instead of `NSString.deletingLastPathComponent`, which traps on a one-character
/// string in swift-corelibs-foundation: an album named `a` (or `1`, or `é`) crashed the third
/// build of a site in the same cache, and every `serve` rebuild after the first.
func parentPath(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    if slash == path.startIndex { return "/" }
    return String(path[..<slash])
}

/// Where the extension of `path`'s last component starts: the index of its last `.`, unless
/// that dot begins the component (`.hidden`) or the component is `..`; nil without one. A
/// trailing `/` is not part of the component. As `NSString`'s path extension, byte for byte
/// (``pathExtension(of:)`` and ``deletingPathExtension(_:)`` are checked against it), without
/// bridging to `NSString`: the content walk asks it of every file, three times, and at 50,000
/// photos that bridging was half the walk.
private func extensionDot(_ path: Substring) -> String.Index? {
    let utf8 = path.utf8
    guard let dot = utf8.lastIndex(of: UInt8(ascii: ".")) else { return nil }
    let start = utf8[..<dot].lastIndex(of: UInt8(ascii: "/")).map(utf8.index(after:)) ?? utf8.startIndex
    if dot == start || utf8[dot...].contains(UInt8(ascii: "/")) { return nil }
    if utf8[start...].elementsEqual("..".utf8) { return nil }
    return dot
}

/// `path` without the slashes it ends with (`a/` is the component `a`), unless it is all slashes.
private func trimmingTrailingSlashes(_ path: String) -> Substring {
    var end = path.endIndex
    while end > path.startIndex, path.utf8[path.utf8.index(before: end)] == UInt8(ascii: "/") {
        end = path.utf8.index(before: end)
    }
    return end == path.startIndex ? path[...] : path[..<end]
}

/// The extension of `path`'s last component (`jpg` for `a/b.jpg`, empty for `a`, `.hidden`
/// or `a.`): `(path as NSString).pathExtension`.
func pathExtension(of path: String) -> String {
    let trimmed = trimmingTrailingSlashes(path)
    guard let dot = extensionDot(trimmed) else { return "" }
    return String(trimmed[trimmed.utf8.index(after: dot)...])
}

/// `path` without the extension of its last component, dot included (`a/b` for `a/b.jpg`, `a`
/// for `a.`): `(path as NSString).deletingPathExtension`.
func deletingPathExtension(_ path: String) -> String {
    let trimmed = trimmingTrailingSlashes(path)
    guard let dot = extensionDot(trimmed) else { return String(trimmed) }
    return String(trimmed[..<dot])
}

/// True when `path` is a page: its name ends in `.html`. The build's summary asks it of every
/// one of 50,000 files.
func isPagePath(_ path: String) -> Bool {
    endsWithBytes(path, ".html")
}

/// True when `text` ends with the UTF-8 bytes of `suffix`. Not `hasSuffix`, which compares
/// characters, and through `NSString` where Foundation's overload is picked: the search index
/// asked it of every rendition (a fifth of its making at 10,000 photos).
func endsWithBytes(_ text: String, _ suffix: String) -> Bool {
    let count = suffix.utf8.count
    return text.utf8.count >= count && text.utf8.suffix(count).elementsEqual(suffix.utf8)
}

/// `url.standardizedFileURL.path` (no `.` or `..` component), without Foundation's work when
/// the path has none to remove: Foundation builds a new URL component by component, which cost
/// the cache's key a third of its time at 10,000 photos (once per photo per build).
func standardPath(_ url: URL) -> String {
    let path = url.path
    var previous: UInt8 = 0
    for byte in path.utf8 {
        // `/.` starts a `.` or `..` component (or a hidden name); `//` an empty one.
        if previous == UInt8(ascii: "/") && (byte == UInt8(ascii: ".") || byte == UInt8(ascii: "/")) {
            return url.standardizedFileURL.path
        }
        previous = byte
    }
    return path
}
