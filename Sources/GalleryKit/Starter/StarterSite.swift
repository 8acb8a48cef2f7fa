import Foundation

/// What `galleryc init` writes: a content folder to start from, which builds with no warning.
///
/// A commented `site.yml` (every key, with its default; a test keeps it in step with the
/// README's table), a home page, an about page, and `albums/example/` with an `index.md`, a
/// photo (a gradient made here, so nothing of anyone else's is copied) and its sidecar.
public enum StarterSite {
    /// Why the folder could not be made.
    public enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// The folder exists and holds something: init never writes over anything.
        case notEmpty(String)
        /// Something other than a folder is in the way.
        case notAFolder(String)
        case cannotWrite(String, detail: String)

        public var description: String {
            switch self {
            case .notEmpty(let path):
                "\(path) is not empty; galleryc init only writes into a new or empty folder"
            case .notAFolder(let path): "\(path) exists and is not a folder"
            case .cannotWrite(let path, let detail): "cannot write \(path): \(detail)"
            }
        }
    }

    /// The files, by path relative to the content folder (the photo is made apart).
    static let files: [(path: String, text: String)] = [
        ("site.yml", siteYML), ("index.md", home), ("about.md", about),
        ("albums/example/index.md", album), ("albums/example/example.md", sidecar),
    ]

    /// The example photo's path.
    static let photoPath = "albums/example/example.jpg"

    /// Writes the starter content folder at `folder` (made if missing).
    /// - Returns: the paths written, relative to `folder`.
    public static func create(at folder: URL) throws(Failure) -> [String] {
        let display = folder.path
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw .notAFolder(display) }
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? ["?"]
            guard entries.isEmpty else { throw .notEmpty(display) }
        }
        var written: [String] = []
        func write(_ bytes: [UInt8], to path: String) throws(Failure) {
            let url = folder.appendingPathComponent(path)
            do {
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(bytes).write(to: url, options: .withoutOverwriting)
            } catch {
                throw .cannotWrite(url.path, detail: fileErrorText(error))
            }
            written.append(path)
        }
        for file in files { try write(Array(file.text.utf8), to: file.path) }
        let photo: [UInt8]
        do throws(CodecFailure) {
            photo = try examplePhoto()
        } catch {
            throw .cannotWrite(photoPath, detail: "\(error)")
        }
        try write(photo, to: photoPath)
        return written.sorted()
    }

    /// A 1200 x 800 dusk gradient with a low sun, as a JPEG: enough for every rendition, blur-up
    /// and focal point to have something to show.
    static func examplePhoto() throws(CodecFailure) -> [UInt8] {
        let width = 1200
        let height = 800
        var pixels = PixelBuffer(width: width, height: height, channels: 3)
        for y in 0..<height {
            let t = Double(y) / Double(height - 1)
            let sky = (r: 40 + 190 * t, g: 60 + 110 * t, b: 120 + 40 * (1 - t))
            for x in 0..<width {
                let dx = Double(x - 780) / 90
                let dy = Double(y - 560) / 90
                let sun = max(0, 1 - (dx * dx + dy * dy))
                let index = (y * width + x) * 3
                pixels.bytes[index] = UInt8(min(255, sky.r + 120 * sun))
                pixels.bytes[index + 1] = UInt8(min(255, sky.g + 100 * sun))
                pixels.bytes[index + 2] = UInt8(min(255, sky.b + 40 * sun))
            }
        }
        return try ImageCodecs.encodeJPEG(pixels, quality: 86, progressive: true, iccProfile: nil, exif: nil)
    }

    static let siteYML = """
        # Your site's settings. Every key is listed, with its default; the README's reference
        # tables say what each one does. Uncomment what you want to change.
        title: "My photographs"
        # description: ""
        # author: ""
        # Where the site will live, e.g. "https://example.org/photos/": the sitemap, canonical links
        # and link previews need it. Empty keeps the site root-relative (fine for a preview).
        base_url: ""
        # language: en
        # copyright: ""
        # raw_html: false
        # images:
        #   widths: [480, 960, 1600, 2400]
        #   quality: {jpeg: 82, webp: 80, avif: 65}
        #   formats: [webp, jpeg]      # add avif in front for AVIF too
        #   progressive: true
        #   max_megapixels: 200
        #   background: "#fbfaf8"
        #   min_rating: 1              # publish only photos rated 1 star or more (xmp:Rating)
        #   raw: preview               # camera RAW: the camera's preview, or develop, or off
        #   raw_pairs: jpeg            # a RAW+JPEG pair shows its JPEG (or raw)
        #   live: true                 # Live Photos and Motion Photos play on their page
        #   hdr: keep                  # Ultra HDR gain maps kept in JPEGs for HDR screens (or off)
        # tags: true                   # tag pages from the photos' keywords
        # places: off                  # city, region or country: name where photos were taken
        #                              # from their GPS (offline; no coordinate is published)
        # maps: false                  # a map of its places on each album page (drawn here, no tiles)
        # timeline: false              # year and month pages of every photo, in the navigation
        # search: true                 # a search field in the header, and search/ (its script
        #                              # and index load on that page only)
        # video:                       # video clips (needs ffmpeg); video: false leaves them out
        #   enabled: true
        #   height: 1080
        #   crf: 23
        #   formats: [mp4]             # [webm, mp4] adds VP9 in WebM, offered first
        # favicon: ""                  # an icon in the content folder; empty: made from the cover
        # layouts:
        #   row_height: 240            # justified rows' target height, in CSS pixels
        #   page_size: 200             # photos per album page; unset: every album is one page
        # viewer:
        #   slideshow_seconds: 5       # seconds per photo in the photo viewer's slideshow
        #   stage: dark                # what photo pages show a photo on: dark, or page colours
        # downloads:
        #   zip: false
        # publish:
        #   headers: true
        # privacy:
        #   exif: [artist, copyright, date, camera, lens, exposure]
        #   publish_originals: false
        #   hide_places_within: [{lat: 45.92, lon: 6.87, km: 2}]   # no place for photos near home
        # motion:
        #   blur_radius: 24
        #   transition: "opacity + scale(0.96)"
        #   caption_transition: "opacity + move(bottom)"
        #   page_transition: opacity
        #   easing: smooth
        #   duration: 0.5
        #   kenburns:
        #     duration: 12
        #     zoom: 1.3
        #     from: top-leading
        #     easing: ease-in-out

        """

    static let home = """
        ---
        title: "Welcome"
        description: "Photographs, one album at a time."
        ---

        This is the home page: `index.md` in your content folder. Write anything here in Markdown.
        Your albums are listed below it.

        """

    static let about = """
        ---
        title: "About"
        ---

        Every Markdown file in the content folder is a page: this is `about.md`.

        """

    static let album = """
        ---
        title: "An example album"
        date: 2026-01-01
        description: "A folder of photos is an album; this is its index.md."
        # cover: example.jpg
        # layout: grid
        # sort: date
        ---

        Put your photos in this folder (or make a folder of your own beside it) and describe the
        album here.

        """

    static let sidecar = """
        ---
        # A photo's sidecar: the photo's name with .md. Everything in it is optional.
        title: "Dusk"
        alt: "A gradient sky at dusk with a low, warm sun on the right"
        # focus: 0.65 0.70
        # hidden: false
        ---

        The caption, in Markdown. This photo was made by `galleryc init`; replace it with yours.

        """
}
