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
