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
}
