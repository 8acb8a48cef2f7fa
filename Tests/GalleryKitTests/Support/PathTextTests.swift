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

    /// The content walk's extensions and stems are NSString's for every name and relative path
    /// it makes: the odd ones by hand, then every string of up to five of `a . / é` and a space
    /// (but `//`, which NSString also tidies away and the walk never makes).
    @Test func extensionsAndStemsAreNSStrings() {
        var names = [
            "a.jpg", ".hidden", ".hidden.jpg", "a.", "a..jpg", "noext", "a.b.c", "", ".", "..", "...",
            "a/b.c",
            "dir.d/file", "a.JPG", "é.jpeg", "a. b", "a.tar.gz", "a./b", "x.jpg/", "/", "/.x",
            "a/..", "a/.", "IMG_0001.HEIC", "photo.café",
        ]
        var level = [""]
        for _ in 1...5 {
            level = level.flatMap { prefix in ["a", ".", "/", "é", " "].map { prefix + $0 } }
            names += level.filter { !$0.contains("//") }
        }
        for name in names {
            #expect(pathExtension(of: name) == (name as NSString).pathExtension, "extension of \(name)")
            #expect(
                deletingPathExtension(name) == (name as NSString).deletingPathExtension, "stem of \(name)")
        }
    }

    /// Suffixes compared as bytes: a path's name, a rendition's width, whatever letters come
    /// before them.
    @Test func suffixesAreComparedAsBytes() {
        #expect(endsWithBytes("travel/harbour/index.html", ".html"))
        #expect(endsWithBytes("_img/1a/été-640.webp", "-640.webp"))
        #expect(endsWithBytes("html", "html"))
        #expect(!endsWithBytes("tml", "html"))
        #expect(!endsWithBytes("index.htm", ".html"))
        #expect(endsWithBytes("anything", ""))
        #expect(isPagePath("index.html") && !isPagePath("feed.xml") && !isPagePath("html"))
    }
}
