import Foundation
import Testing

@testable import GalleryKit

@Suite struct PathTextTests {
    /// One-character names are what NSString.deletingLastPathComponent traps on.
    @Test(arguments: [
        ("a", ""), ("é", ""), ("1", ""), ("a/b", "a"), ("é/x.jpg", "é"), ("a/b/c", "a/b"), ("/x", "/"),
        ("/a/b", "/a"), ("", ""),
    ])
    func parentOfAPath(path: String, parent: String) {
        #expect(parentPath(path) == parent)
    }

    /// The cache keys each source by its standard path: a content folder given as
    /// `../site/./content` finds the entries of `/work/site/content`, and the quick way agrees
    /// with Foundation's on every shape of path.
    @Test(arguments: [
        "/work/site/content/album/p.jpg", "/work/x/../site/./content/album/p.jpg",
        "/work/site//content/p.jpg",
        "/work/.hidden/p.jpg", "/work/site/content/..", "/work/site/.", "/a/b.c/d", "/",
    ])
    func aStandardPathIsFoundationsStandardPath(path: String) {
        let url = URL(fileURLWithPath: path)
        #expect(standardPath(url) == url.standardizedFileURL.path)
    }
}
