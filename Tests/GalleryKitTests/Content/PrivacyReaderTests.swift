import Testing

@testable import GalleryKit

@Suite struct PrivacyReaderTests {
    private func read(_ yaml: String) -> (PrivacySettings, [String]) {
        let (reporter, collector) = collectingReporter("site.yml")
        let config = SiteConfigReader.read(yaml, reporter: reporter)
        return (config.images.privacy, collector.diagnostics.rendered)
    }

    @Test func withoutPrivacyEveryGroupIsAllowedAndOriginalsStayPrivate() {
        let (privacy, messages) = read("title: x")
        #expect(privacy.exif == Set(ExifGroup.allCases))
        #expect(!privacy.publishOriginals)
        #expect(messages.isEmpty)
    }

    @Test func readsGroupsAndOriginals() {
        let (privacy, messages) = read(
            """
            privacy:
              exif: [artist, Copyright, camera]
              publish_originals: true
            """)
        #expect(messages.isEmpty)
        #expect(privacy.exif == [.artist, .copyright, .camera])
        #expect(privacy.publishOriginals)
    }

    @Test(arguments: ["exif: []", "exif: none", "exif: None"])
    func anEmptyListOrNoneStripsEverything(line: String) {
        let (privacy, messages) = read("privacy:\n  \(line)\n")
        #expect(messages.isEmpty)
        #expect(privacy.exif.isEmpty)
    }

    @Test func gpsSerialAndMakerNotesAreRefusedWithWhereTheyWereAsked() {
        let (privacy, messages) = read(
            """
            privacy:
              exif: [date, gps, serial, makernote]
            """)
        #expect(privacy.exif == [.date])
        #expect(
            messages == [
                "site.yml:2:16: warning: privacy.exif: 'gps' is refused: GPS is never published; left out",
                "site.yml:2:21: warning: privacy.exif: 'serial' is refused: serial numbers are never published; left out",
                "site.yml:2:29: warning: privacy.exif: 'makernote' is refused: maker notes are never published; left out",
            ])
    }

    @Test func unknownGroupsAndKeysWarnAndKeepTheDefault() {
        let (privacy, messages) = read(
            """
            privacy:
              exif: [camera, flash]
              publish_original: true
            """)
        #expect(privacy.exif == Set(ExifGroup.allCases))
        #expect(!privacy.publishOriginals)
        #expect(messages.count == 2)
        #expect(
            messages.contains {
                $0.hasPrefix("site.yml:2:18: warning: 'privacy.exif' should be a list of artist")
            })
        #expect(
            messages.contains {
                $0.hasPrefix("site.yml:3:3: warning: unknown key 'privacy.publish_original'")
            })
    }
}
