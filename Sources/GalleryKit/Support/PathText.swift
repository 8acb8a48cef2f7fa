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

/// True when `path` is a page: its name ends in `.html`. Compared as UTF-8 bytes: `hasSuffix`
/// compares characters, and the build's summary asks it of every one of 50,000 files.
func isPagePath(_ path: String) -> Bool {
    path.utf8.count >= 5 && path.utf8.suffix(5).elementsEqual(".html".utf8)
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
