import Foundation

// What each model value contributes to the fingerprints of the pages that show it
// (`Rendering/PageFingerprints.swift`). Every stored property is written, by its own name:
// `ModelFingerprintTests` compares the labels with `Mirror`, so a property added without its
// line here fails a test instead of leaving pages stale.

extension PhotoSource {
    /// Every field of the photo as the content stage read it.
    func fingerprint(into print: inout Fingerprint) {
        print.add("sourcePath", sourcePath)
        print.add("fileName", fileName)
        print.add("slug", slug)
        print.add("urlPath", urlPath)
        print.add("title", title)
        print.add("alt", alt)
        print.add("focus", focus.map { "\($0.x.bitPattern) \($0.y.bitPattern)" })
        print.add("kenBurns", kenBurns.fingerprintText)
        print.add("captionHTML", captionHTML)
        print.add("sidecarPath", sidecarPath)
        print.add("tags", tags)
        print.add("described", described?.fingerprintText)
        print.add("xmpSidecarPath", xmpSidecarPath)
        print.add("isVideo", isVideo)
        print.add("liveMovie", liveMovie)
        print.add("posterTime", posterTime)
        print.add("place", place.map { if case .named(let name) = $0 { "named " + name } else { "hidden" } })
    }
}

extension Album {
    /// The album's own fields; its photos and sub-albums are fingerprinted by whoever shows
    /// them (``PhotoSource/fingerprint(into:)``, the album cards).
    func fingerprint(into print: inout Fingerprint) {
        print.add("sourcePath", sourcePath)
        print.add("urlPath", urlPath)
        print.add("title", title)
        print.add("date", date)
        print.add("cover", cover)
        print.add("sort", sort.rawValue)
        print.add("layout", layout.rawValue)
        print.add("hero", hero)
        print.add("draft", draft)
        print.add("unlisted", unlisted)
        print.add("map", map.map { $0 ? 1 : 0 })
        // The password never: a sealed page's fingerprint has its key's (``SealedPages``).
        print.add("protection", protection?.root)
        print.add("zipDownload", zipDownload.map { $0 ? 1 : 0 })
        print.add("weight", weight)
        print.add("kenBurns", kenBurns.fingerprintText)
        print.add("tags", tags)
        print.add("pageSize", pageSize)
        print.add("descriptionHTML", descriptionHTML)
        print.add("photos", photos.map(\.sourcePath))
        print.add("albums", albums.map(\.sourcePath))
    }
}

extension Page {
    func fingerprint(into print: inout Fingerprint) {
        print.add("sourcePath", sourcePath)
        print.add("urlPath", urlPath)
        print.add("title", title)
        print.add("description", description)
        print.add("date", date)
        print.add("draft", draft)
        print.add("html", html)
        print.add("template", template)
        print.add("protection", protection?.root)
    }
}

extension KenBurnsSettings {
    /// `duration|zoom|from|to|easing`, each `-` when not set.
    var fingerprintText: String {
        [
            duration.map { "\($0.bitPattern)" }, zoom.map { "\($0.bitPattern)" },
            from.map { String(describing: $0) }, to.map { String(describing: $0) },
            easing.map { String(describing: $0) },
        ].map { $0 ?? "-" }.joined(separator: "|")
    }
}

extension DescriptiveMetadata {
    /// Every field, length-prefixed.
    var fingerprintText: String {
        Fingerprint.of { print in
            print.add("title", title)
            print.add("description", description)
            print.add("keywords", keywords)
            print.add("rating", rating)
            print.add("creator", creator)
            print.add("copyright", copyright)
        }
    }
}
