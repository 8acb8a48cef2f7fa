import Foundation
import Testing

@testable import GalleryKit

/// The sealing of private albums: keys, names, nonces kept for the same bytes, and the page
/// rewrite that keeps the browser from loading a sealed file by itself.
@Suite struct SealingTests {
    private let key = AlbumKey(
        root: "wedding", password: "correct horse", salt: Array(repeating: 7, count: 16), iterations: 1000)

    @Test func theKeyIsPBKDF2OfThePasswordAndTheNamesAreKeyed() {
        #expect(key.key == PBKDF2.sha256(password: "correct horse", salt: key.salt, iterations: 1000))
        let other = AlbumKey(root: "wedding", password: "Correct horse", salt: key.salt, iterations: 1000)
        #expect(other.key != key.key)
        #expect(other.check != key.check)
        let name = key.sealedPath(of: "_img/ab/vows-800.jpg")
        #expect(name.hasPrefix("_sealed/") && name.count == "_sealed/".count + 32)
        #expect(!name.contains("vows"))
        #expect(other.sealedPath(of: "_img/ab/vows-800.jpg") != name)
        #expect(key.sealedPath(of: "_img/ab/vows-800.jpg") == name)
    }

    @Test func theSameBytesKeepTheirNonceAndOtherBytesNeverShareOne() throws {
        let first = NonceBook(previous: SealingRecord())
        let sealed = first.seal(Array("photo".utf8), as: "a.jpg", with: key)
        #expect(AESGCM.open(sealed, key: key.key) == Array("photo".utf8))
        let record = first.record(keys: [key])
        // A later build with the same key: the same bytes, the same ciphertext.
        let second = NonceBook(previous: record)
        #expect(second.seal(Array("photo".utf8), as: "a.jpg", with: key) == sealed)
        // Changed bytes under the same label get a fresh nonce.
        let changed = second.seal(Array("photo!".utf8), as: "a.jpg", with: key)
        #expect(changed.prefix(12) != sealed.prefix(12))
        // Another password: another key, fresh nonces.
        let other = AlbumKey(root: "wedding", password: "new", salt: key.salt, iterations: 1000)
        #expect(
            NonceBook(previous: record).seal(Array("photo".utf8), as: "a.jpg", with: other).prefix(12)
                != sealed.prefix(12))
        // The record round-trips through JSON as the cache keeps it.
        let decoded = try JSONDecoder().decode(SealingRecord.self, from: JSONEncoder().encode(record))
        #expect(decoded == record)
    }

    /// A page kept by an incremental build is not sealed again, so its nonce is not "used":
    /// the record keeps it while the key is the same, and drops everything for a new key.
    @Test func theRecordKeepsTheNoncesOfWhatABuildDidNotSealAgain() {
        let first = NonceBook(previous: SealingRecord())
        let page = first.seal(Array("page".utf8), as: "page:wedding/index.html", with: key)
        _ = first.seal(Array("photo".utf8), as: "a.jpg", with: key)
        let second = NonceBook(previous: first.record(keys: [key]))
        _ = second.seal(Array("photo".utf8), as: "a.jpg", with: key)
        let third = NonceBook(previous: second.record(keys: [key]))
        #expect(third.seal(Array("page".utf8), as: "page:wedding/index.html", with: key) == page)
        let other = AlbumKey(root: "wedding", password: "new", salt: key.salt, iterations: 1000)
        let renamed = NonceBook(previous: second.record(keys: [key]))
        #expect(renamed.record(keys: [other]).roots["wedding"]?.nonces.isEmpty == true)
        // A root this build did not seal keeps its record.
        #expect(NonceBook(previous: second.record(keys: [key])).record(keys: []).roots["wedding"] != nil)
    }

    @Test func keysKeepTheirSaltWhileThePasswordIsTheSame() {
        let book = NonceBook(previous: SealingRecord())
        let protection = AlbumProtection(root: "wedding", password: "pw")
        let first = AlbumKeys.derive([protection], book: book, iterations: 1000)["wedding"]
        let record = book.record(keys: first.map { [$0] } ?? [])
        let again = AlbumKeys.derive([protection], book: NonceBook(previous: record), iterations: 1000)[
            "wedding"]
        #expect(again?.salt == first?.salt)
        let changed = AlbumKeys.derive(
            [AlbumProtection(root: "wedding", password: "pw2")], book: NonceBook(previous: record),
            iterations: 1000)[
                "wedding"]
        #expect(changed?.salt != first?.salt)
    }

    @Test func aPageNamesItsSealedFilesOnlyInAttributesTheBrowserDoesNotLoad() {
        let sealer = PageSealer(
            key: key, book: NonceBook(previous: SealingRecord()),
            files: [
                "/_img/a/v-320.webp": .init(href: "/_sealed/11", name: "v-320.webp"),
                "/_img/a/v-640.webp": .init(href: "/_sealed/22", name: "v-640.webp"),
                "/_img/a/v.jpg": .init(href: "/_sealed/33", name: "v.jpg"),
                "/_v/clip.mp4": .init(href: "/_sealed/44", name: "clip.mp4"),
                "/_o/Vows & Rings.jpg": .init(href: "/_sealed/55", name: "Vows & Rings.jpg"),
            ])
        let html = """
            <link rel="stylesheet" href="/assets/x.css"><source type="image/webp" srcset="/_img/a/v-320.webp 320w, /_img/a/v-640.webp 640w" sizes="50vw">\
            <img src="/_img/a/v.jpg" alt="" srcset="/public.jpg 100w"><video poster="/_img/a/v.jpg"><source src="/_v/clip.mp4" type="video/mp4"></video>\
            <a href="/_o/Vows & Rings.jpg" download>Download original</a><a href="/wedding/2/">next</a>
            """
        let rewritten = sealer.rewrite(html)
        #expect(rewritten.contains(#"data-gk-srcset="/_sealed/11 320w, /_sealed/22 640w""#))
        #expect(rewritten.contains(#"<img data-gk-src="/_sealed/33""#))
        #expect(rewritten.contains(#"srcset="/public.jpg 100w""#))
        #expect(rewritten.contains(#"<video data-gk-poster="/_sealed/33">"#))
        #expect(rewritten.contains(#"<source data-gk-src="/_sealed/44" type="video/mp4">"#))
        #expect(rewritten.contains(#"href="/_sealed/55" data-gk-file="Vows &amp; Rings.jpg" download"#))
        #expect(rewritten.contains(#"href="/wedding/2/""#) && rewritten.contains(#"href="/assets/x.css""#))
        #expect(!rewritten.contains("_img/a/"))
        // The payload decrypts with the key alone to the rewritten page and its CSS.
        let sealed =
            Data(base64Encoded: sealer.seal(html: html, css: [".a{}"], path: "wedding/index.html")) ?? Data()
        let plain = AESGCM.open(Array(sealed), key: key.key) ?? []
        let payload = try? JSONSerialization.jsonObject(with: Data(plain)) as? [String: Any]
        #expect(payload?["html"] as? String == rewritten)
        #expect(payload?["css"] as? [String] == [".a{}"])
    }
}
