import Foundation
import Testing

@testable import GalleryKit

/// The whole build with photos described the way Lightroom, darktable, digiKam and cameras
/// describe them (fixtures written by exiftool in the test): titles, alt text, captions and
/// tag pages as the README documents them, and no place or GPS in anything published.
@Suite struct MetadataBuildTests {
    static let longDescription =
        "Boats coming back into the harbour at dusk. "
        + String(
            repeating: "The lights of the warehouses come on one after another along the quay. ", count: 3)

    /// Six photos in one album, each described by a different source.
    static func makeSite(siteYAML: String = "title: Metadata\n") throws -> BuildSandbox {
        let sandbox = try BuildSandbox()
        try sandbox.put("site.yml", siteYAML)
        let plain = try Exiftool.plainJPEG()
        try sandbox.put(
            "a/harbour.jpg",
            bytes: try Exiftool.write(
                [
                    "-XMP-dc:Title=Harbour at dusk", "-XMP-dc:Description=\(longDescription)",
                    "-XMP-dc:Subject=boats", "-XMP-dc:Subject=harbour",
                    "-XMP-lr:HierarchicalSubject=Places|Norway|Bergen", "-XMP-xmp:Rating=4",
                    // Places and people, which must never be published.
                    "-XMP-exif:GPSLatitude=59.4", "-XMP-exif:GPSLatitudeRef=N", "-XMP-exif:GPSLongitude=5.3",
                    "-XMP-exif:GPSLongitudeRef=E", "-XMP-photoshop:City=Secretville",
                    "-XMP-iptcExt:LocationShown=[{City=Hiddenburg,CountryName=Nowhereland}]",
                    "-XMP-mwg-rs:RegionInfo={AppliedToDimensions={W=64,H=48,Unit=pixel},RegionList=[{Area={W=0.1,H=0.1,X=0.5,Y=0.5,Unit=normalized},Name=Aunt Mildred,Type=Face}]}",
                    "-IPTC:City=Secretville", "-IPTC:Sub-location=Backyard Lane",
                ], into: plain))
        try sandbox.put(
            "a/cafe.jpg",
            bytes: try Exiftool.write(
                ["-IPTC:ObjectName=Café au lait", "-IPTC:Keywords=Frühstück", "-IPTC:Keywords=Boats"],
                into: plain))
        try sandbox.put(
            "a/olympus.jpg",
            bytes: try Exiftool.write(["-EXIF:ImageDescription=OLYMPUS DIGITAL CAMERA"], into: plain))
        try sandbox.put(
            "a/lighthouse.jpg",
            bytes: try Exiftool.write(
                ["-XMP-dc:Title=Embedded title", "-XMP-dc:Subject=embedded"], into: plain))
        try sandbox.put(
            "a/lighthouse.xmp",
            XMPParserTests.packet(
                #"<dc:title><rdf:Alt><rdf:li xml:lang="x-default">Sidecar XMP title</rdf:li></rdf:Alt></dc:title>"#
                    + "<dc:subject><rdf:Bag><rdf:li>lighthouse</rdf:li></rdf:Bag></dc:subject>"))
        try sandbox.put("a/pier.jpg", bytes: plain)
        try sandbox.put(
            "a/pier.jpg.xmp",
            XMPParserTests.packet("", attributes: #"dc:title="unused" xmp:Rating="2""#)
                .replacingOccurrences(of: #"dc:title="unused""#, with: "")
                .replacingOccurrences(
                    of: "</rdf:Description>",
                    with:
                        #"<dc:title><rdf:Alt><rdf:li xml:lang="x-default">Darktable title</rdf:li></rdf:Alt></dc:title></rdf:Description>"#
                ))
        try sandbox.put("a/manual.jpg", bytes: try Exiftool.write(["-XMP-dc:Title=Not this"], into: plain))
        try sandbox.put(
            "a/manual.md", "---\ntitle: Markdown wins\nalt: A hand-written alt\ntags: [boats]\n---\n")
        return sandbox
    }

    static func text(_ sandbox: BuildSandbox, _ path: String) throws -> String {
        try String(contentsOf: sandbox.output.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func titlesAltsAndCaptionsComeFromEachSourceInOrder() async throws {
        let sandbox = try Self.makeSite()
        let outcome = await sandbox.build()
        #expect(outcome.succeeded, "\(outcome.rendered)")
        let harbour = try Self.text(sandbox, "a/harbour/index.html")
        #expect(harbour.contains(#"<h1 class="photo-title">Harbour at dusk</h1>"#))
        // The title is the alt: on the album page's tile; on the photo page the heading says it,
        // and the photo's alt is left empty rather than say it twice.
        #expect(harbour.contains(#"data-viewer-image"#) && harbour.contains(#"alt="" decoding="async""#))
        #expect(try Self.text(sandbox, "a/index.html").contains(#"alt="Harbour at dusk""#))
        #expect(harbour.contains("<p>Boats coming back into the harbour at dusk. The lights"))
        #expect(
            try Self.text(sandbox, "a/cafe/index.html").contains(
                #"<h1 class="photo-title">Café au lait</h1>"#))
        let lighthouse = try Self.text(sandbox, "a/lighthouse/index.html")
        #expect(lighthouse.contains("Sidecar XMP title") && !lighthouse.contains("Embedded title"))
        #expect(try Self.text(sandbox, "a/pier/index.html").contains("Darktable title"))
        let manual = try Self.text(sandbox, "a/manual/index.html")
        #expect(manual.contains("Markdown wins") && manual.contains(#"alt="A hand-written alt""#))
        #expect(!manual.contains("Not this"))
        // Camera boilerplate: no title (the position instead), never the file name, a warning.
        let olympus = try Self.text(sandbox, "a/olympus/index.html")
        #expect(olympus.contains(#"<h1 class="photo-title">Photo 5 of 6</h1>"#))
        #expect(!olympus.contains("OLYMPUS DIGITAL CAMERA") && !olympus.contains(#"alt="olympus""#))
        #expect(
            outcome.rendered.filter { $0.contains("no alt text") } == [
                "a/olympus.jpg: warning: photo has no alt text; add `alt:` to olympus.md"
            ])
        // .xmp sidecars are sidecars: not skipped files, not published.
        #expect(!outcome.rendered.contains { $0.contains("skipped") })
        #expect(!FileTree.files(in: sandbox.output).contains { $0.hasSuffix(".xmp") })
    }

    @Test func keywordsBecomeTagPages() async throws {
        let sandbox = try Self.makeSite()
        let outcome = await sandbox.build()
        #expect(outcome.succeeded, "\(outcome.rendered)")
        let list = try Self.text(sandbox, "tags/index.html")
        for (slug, name, count) in [
            ("bergen", "Bergen", "1 photo"), ("boats", "Boats", "3 photos"),
            ("fruhstuck", "Frühstück", "1 photo"),
            ("harbour", "harbour", "1 photo"), ("lighthouse", "lighthouse", "1 photo"),
        ] {
            #expect(list.contains(#"href="/tags/\#(slug)/""#), "\(slug)")
            #expect(list.contains("<span class=\"card-title\">\(name)</span>"), "\(name)")
            #expect(list.contains(count))
        }
        // The .xmp sidecar's keywords replace the file's own.
        #expect(!list.contains("embedded"))
        let boats = try Self.text(sandbox, "tags/boats/index.html")
        // Named as first met in site order: cafe.jpg's IPTC "Boats" comes before harbour.jpg's "boats".
        #expect(boats.contains(#"<h1 class="page-title">Boats</h1>"#))
        for photo in ["a/cafe/", "a/harbour/", "a/manual/"] { #expect(boats.contains("href=\"/\(photo)\"")) }
        #expect(!boats.contains(#"href="/a/olympus/""#))
        #expect(boats.contains(#"href="/tags/""#))  // the breadcrumb back to the list
        let harbour = try Self.text(sandbox, "a/harbour/index.html")
        #expect(harbour.contains(#"<a href="/tags/boats/" rel="tag">Boats</a>"#))
        #expect(harbour.contains(#"<a href="/tags/bergen/" rel="tag">Bergen</a>"#))
        // "Boats" (IPTC of cafe.jpg) and "boats" share one page, silently (they differ in case only).
        #expect(!outcome.rendered.contains { $0.contains("has the same URL") })
        #expect(
            !FileManager.default.fileExists(
                atPath: sandbox.output.appendingPathComponent("tags/boats-2").path))
    }

    @Test func tagPagesAreInTheSitemap() async throws {
        let sandbox = try Self.makeSite(siteYAML: "title: Metadata\nbase_url: https://example.org/p/\n")
        let outcome = await sandbox.build()
        #expect(outcome.succeeded, "\(outcome.rendered)")
        let sitemap = try Self.text(sandbox, "sitemap.xml")
        #expect(sitemap.contains("<loc>https://example.org/p/tags/</loc>"))
        #expect(sitemap.contains("<loc>https://example.org/p/tags/boats/</loc>"))
    }

    @Test func tagsFalseWritesNoTagPages() async throws {
        let sandbox = try Self.makeSite(siteYAML: "title: Metadata\ntags: false\n")
        let outcome = await sandbox.build()
        #expect(outcome.succeeded, "\(outcome.rendered)")
        #expect(!FileTree.files(in: sandbox.output).contains { $0.hasPrefix("tags/") })
        #expect(!(try Self.text(sandbox, "a/harbour/index.html")).contains("rel=\"tag\""))
    }

    @Test func minRatingLeavesOutLowerRatedPhotosAndTheirFiles() async throws {
        let sandbox = try Self.makeSite(siteYAML: "title: Metadata\nimages:\n  min_rating: 3\n")
        let outcome = await sandbox.build()
        #expect(outcome.succeeded, "\(outcome.rendered)")
        let files = FileTree.files(in: sandbox.output)
        #expect(files.contains("a/harbour/index.html"))
        // pier is rated 2 in its .xmp sidecar; the others are unrated.
        for photo in ["cafe", "olympus", "lighthouse", "pier", "manual"] {
            #expect(!files.contains("a/\(photo)/index.html"), "\(photo)")
            #expect(!files.contains { $0.hasPrefix("_img/") && $0.contains("/\(photo)-") }, "\(photo)")
        }
        #expect(!files.contains("tags/cafe/index.html") && !files.contains("tags/lighthouse/index.html"))
    }

    /// XMP and IPTC places, people and GPS never reach a published file, originals included.
    @Test(arguments: [false, true])
    func placesPeopleAndGPSAreNeverPublished(originals: Bool) async throws {
        let sandbox = try Self.makeSite(
            siteYAML:
                "title: Metadata\nprivacy:\n  publish_originals: \(originals)\n  exif: [copyright, camera]\n")
        let outcome = await sandbox.build()
        #expect(outcome.succeeded, "\(outcome.rendered)")
        // The fixture does hold them (exiftool wrote every one).
        let source = [UInt8](try Data(contentsOf: sandbox.content.appendingPathComponent("a/harbour.jpg")))
        for secret in [
            "Secretville", "Hiddenburg", "Nowhereland", "Aunt Mildred", "Backyard Lane", "GPSLatitude",
        ] {
            #expect(ByteSearchInTest.contains(source, Array(secret.utf8)), "\(secret) not in the fixture")
        }
        let files = try FileTree.contents(of: sandbox.output)
        #expect(files.keys.contains { $0.hasSuffix("-original.jpg") } == originals)
        for (path, data) in files {
            let bytes = [UInt8](data)
            for secret in [
                "Secretville", "Hiddenburg", "Nowhereland", "Aunt Mildred", "Backyard Lane", "GPSLatitude",
                "59.4", "Iptc4xmpExt", "mwg-rs",
            ] {
                #expect(!ByteSearchInTest.contains(bytes, Array(secret.utf8)), "\(secret) in \(path)")
            }
        }
    }

    /// Credits written only in XMP or IPTC are carried as EXIF Artist and Copyright, as
    /// `privacy.exif` allows, and not when it does not.
    @Test(arguments: [("", true), ("privacy:\n  exif: [camera]\n", false)])
    func xmpAndIPTCCreditsFollowTheAllowList(privacy: String, carried: Bool) async throws {
        let sandbox = try BuildSandbox()
        try sandbox.put("site.yml", "title: Credits\n" + privacy)
        try sandbox.put(
            "a/xmp.jpg",
            bytes: try Exiftool.write(
                ["-XMP-dc:Creator=Ann Example", "-XMP-dc:Rights=© 2024 Ann Example"],
                into: try Exiftool.plainJPEG()))
        try sandbox.put(
            "a/iptc.jpg",
            bytes: try Exiftool.write(
                ["-IPTC:By-line=Bo Beispiel", "-IPTC:CopyrightNotice=(c) Bo"], into: try Exiftool.plainJPEG())
        )
        let outcome = await sandbox.build()
        #expect(outcome.succeeded, "\(outcome.rendered)")
        for (photo, artist, copyright) in [
            ("xmp", "Ann Example", "© 2024 Ann Example"), ("iptc", "Bo Beispiel", "(c) Bo"),
        ] {
            let jpegs = FileTree.files(in: sandbox.output).filter {
                $0.hasPrefix("_img/") && $0.contains("/\(photo)-") && $0.hasSuffix(".jpg")
            }
            #expect(!jpegs.isEmpty)
            for path in jpegs {
                let bytes = [UInt8](try Data(contentsOf: sandbox.output.appendingPathComponent(path)))
                let summary = JPEGMarkers.exifPayload(in: bytes).flatMap(ExifReader.read(app1Payload:))?
                    .summary
                #expect(summary?.artist == (carried ? artist : nil), "\(path)")
                #expect(summary?.copyright == (carried ? copyright : nil), "\(path)")
                #expect(!ByteSearchInTest.contains(bytes, Array("http://ns.adobe.com/xap/1.0/".utf8)))
                #expect(!ByteSearchInTest.contains(bytes, Array("Photoshop 3.0".utf8)))
            }
        }
    }

    @Test func aBrokenXMPSidecarIsAWarningAndTheFileSpeaks() async throws {
        let sandbox = try BuildSandbox()
        try sandbox.put(
            "a/photo.jpg",
            bytes: try Exiftool.write(["-XMP-dc:Title=From the file"], into: try Exiftool.plainJPEG()))
        try sandbox.put("a/photo.xmp", "<x:xmpmeta><not closed")
        let outcome = await sandbox.build()
        #expect(
            outcome.rendered.contains(
                "a/photo.xmp: warning: not XMP that galleryc can read (not well-formed XML, a DOCTYPE, or over "
                    + "16 MiB); its title, description and keywords are ignored"))
        #expect(try Self.text(sandbox, "a/photo/index.html").contains("From the file"))
    }
}
