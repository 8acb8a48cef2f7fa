import Foundation

/// What one page needs from the generated stylesheets, gathered while its context is built:
/// the photos it shows (each one's values under its class, ``PhotoClass``), rules for single
/// elements (story captions, the slider's dots without scripts), the Ken Burns plans it
/// animates, and its justified rows.
///
/// Pages carry no `style` attribute, so a strict Content-Security-Policy
/// (`default-src 'self'`) holds. ``ContextBuilder/finish(_:styles:album:)`` decides where each
/// part goes: on a photo page, the classes of the album's own photos are in the album's shared
/// sheets (``PhotoSheets``, linked by its photo pages and cached once), everything else in
/// the page's own content-hashed sheet, `assets/galleryc-page.<hash>.css`, which only pages
/// that need it have (identical ones share one file).
struct PageStyles: Sendable, Hashable {
    /// The name templates and the page's `assets.pageCSS` know it by.
    static let assetName = "galleryc-page.css"

    /// Each photo shown on the page, by its class name: its source path and its rules.
    private(set) var photos: [String: (source: String, css: String)] = [:]
    /// Declarations by selector, by the group rule around them (`@media …`, `@supports …`, ""
    /// for none).
    private var rules: [String: [String: String]] = [:]
    /// The `@keyframes` and `[data-kenburns]` rules of each Ken Burns plan, by animation name.
    private var kenBurns: [String: String] = [:]
    /// The justified rows of the page's photo list, if it has one.
    var layout = ""

    init() {}

    static func == (lhs: PageStyles, rhs: PageStyles) -> Bool {
        lhs.photos.mapValues(\.css) == rhs.photos.mapValues(\.css) && lhs.rules == rhs.rules
            && lhs.kenBurns == rhs.kenBurns && lhs.layout == rhs.layout
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(photos.mapValues(\.css))
        hasher.combine(rules)
        hasher.combine(kenBurns)
        hasher.combine(layout)
    }

    /// `gk-p-<10 hex digits>`: the class of one photo, the same on every page (a hash of its
    /// source path).
    static func className(for photo: ProcessedPhoto) -> String {
        PhotoClass.name(for: photo)
    }

    /// Adds the photo (once per page) and returns its class.
    @discardableResult
    mutating func add(_ photo: ProcessedPhoto) -> String {
        let name = PhotoClass.name(for: photo)
        if photos[name] == nil { photos[name] = (photo.source.sourcePath, PhotoClass.css(for: photo)) }
        return name
    }

    /// Adds a rule for `selector`, inside the group rule `within` (`@media (…)`) when given (the
    /// last declarations given for a selector win).
    mutating func add(selector: String, declarations: String, within group: String = "") {
        rules[group, default: [:]][selector] = declarations
    }

    /// Adds a Ken Burns plan (once per animation name) and returns its name, for `data-kenburns`.
    @discardableResult
    mutating func add(_ plan: KenBurnsPlan) -> String {
        if kenBurns[plan.animationName] == nil {
            kenBurns[plan.animationName] = plan.css(selector: "[data-kenburns=\"\(plan.animationName)\"]")
        }
        return plan.animationName
    }

    /// `1.5`: the photo's width / height, four decimals.
    static func ratio(of photo: ProcessedPhoto) -> String {
        PhotoClass.ratio(of: photo)
    }

    /// `62% 40%`: the focal point as an `object-position`.
    static func focus(of photo: ProcessedPhoto) -> String {
        PhotoClass.focus(of: photo)
    }

    /// The page's own stylesheet, without the photos whose classes `shared` says are in a
    /// shared sheet: the other photos' classes, then the other rules (both sorted), the Ken
    /// Burns plans, then the rows. Nil when nothing is left.
    func pageSheet(leavingOut shared: (String) -> Bool) -> OutputFile? {
        let own = photos.filter { !shared($0.value.source) }
        guard !own.isEmpty || !rules.isEmpty || !kenBurns.isEmpty || !layout.isEmpty else { return nil }
        var css = "/* galleryc: this page's values, generated at build time. */\n"
        for name in own.keys.sorted() {
            css += own[name]?.css ?? ""
        }
        for media in rules.keys.sorted() {
            let block = rules[media] ?? [:]
            let indent = media.isEmpty ? "" : "    "
            if !media.isEmpty { css += "\(media) {\n" }
            for selector in block.keys.sorted() {
                css += "\(indent)\(selector) { \(block[selector] ?? "") }\n"
            }
            if !media.isEmpty { css += "}\n" }
        }
        // Each plan is inside `@media (prefers-reduced-motion: no-preference)` of its own.
        for name in kenBurns.keys.sorted() { css += kenBurns[name] ?? "" }
        css += layout
        let bytes = Array(css.utf8)
        return OutputFile(
            path: "assets/" + ThemeAssets.hashedName(Self.assetName, bytes: bytes), contents: bytes)
    }
}

/// One photo's values as CSS, under a class that is the same on every page: `--gk-ratio`
/// (width / height), `--gk-focus` (`object-position` of every crop), `--gk-dominant` (absent
/// for photos with alpha: nothing may show through their clear parts), `--gk-max-w` and
/// `--gk-max-h` (its largest rendition in CSS pixels: the theme never draws the photo larger,
/// so a small photo is shown at its own size; the viewer at most twice that), and its View
/// Transition name where it is marked `[data-vt]`, so that a thumbnail grows into the photo
/// page's image. The placeholder is not here: it is an inline image in the page
/// (`partials/picture`), which arrives with the HTML and costs no stylesheet bytes.
enum PhotoClass {
    /// `gk-p-<10 hex digits>`, a hash of the photo's source path.
    static func name(for photo: ProcessedPhoto) -> String {
        "gk-p-" + SHA256.hex(photo.source.sourcePath).prefix(10)
    }

    /// The photo's rules, one line each.
    static func css(for photo: ProcessedPhoto) -> String {
        let name = name(for: photo)
        var declarations = "--gk-ratio: \(ratio(of: photo)); --gk-focus: \(focus(of: photo));"
        if let color = photo.dominantColor, !photo.hasAlpha {
            declarations += " --gk-dominant: \(color);"
        }
        if let largest = photo.renditions.filter({ !$0.isAnimated }).max(by: { $0.width < $1.width }) {
            declarations += " --gk-max-w: \(largest.width)px; --gk-max-h: \(largest.height)px;"
        }
        let transition = MotionStylesheet.viewTransitionName(for: photo.source.sourcePath)
        return ".\(name) { \(declarations) }\n.\(name)[data-vt] { view-transition-name: \(transition); }\n"
    }

    /// `1.5`: the photo's width / height, four decimals.
    static func ratio(of photo: ProcessedPhoto) -> String {
        DisplayFormat.number(Double(max(photo.width, 1)) / Double(max(photo.height, 1)), digits: 4)
    }

    /// `62% 40%`: the focal point as an `object-position`.
    static func focus(of photo: ProcessedPhoto) -> String {
        "\(DisplayFormat.number(photo.focus.x * 100))% \(DisplayFormat.number(photo.focus.y * 100))%"
    }
}

/// The shared stylesheets of the photos' values: each album's photos, in album order, in sheets
/// of at most ``chunkSize`` (`assets/galleryc-photos.<hash>.css`, about 200 bytes a photo).
/// A photo page links the sheet of its photo (its neighbours are in it too); so the values of
/// a photo are sent once however many of its album's photo pages a visitor opens, and a site
/// has a few stylesheets per album, not one per photo page. An album page has its photos'
/// values in its own sheet, with its rows (one request before the first paint, not three);
/// so do tag pages, and covers from another album.
struct PhotoSheets: Sendable {
    /// The most photos in one sheet: a photo page of a long album then loads a few kilobytes.
    static let chunkSize = 120
    /// The name the sheets are hashed under.
    static let assetName = "galleryc-photos.css"

    /// Every sheet, in album order.
    private(set) var files: [OutputFile] = []
    /// Per photo source path: its album's source path and the path of its sheet.
    private var sheets: [String: (album: String, path: String)] = [:]

    init() {}

    /// The sheets of `albums`' shown photos (each album with its photos in display order),
    /// album by album side by side on `workers` when given (a pool thread must be asking); an
    /// album's are taken from `memo` when the session's last build made them from equal photos.
    init(
        albums: [(album: String, photos: [ProcessedPhoto])], workers: WorkerPool? = nil,
        memo: RenderMemo? = nil
    ) {
        let made: @Sendable (Int) -> [OutputFile] = { index in
            let (album, photos) = albums[index]
            let make = {
                stride(from: 0, to: photos.count, by: Self.chunkSize).map { start in
                    let chunk = photos[start..<min(start + Self.chunkSize, photos.count)]
                    var css =
                        "/* galleryc: the values of \(chunk.count) photos, generated at build time. */\n"
                    for photo in chunk { css += PhotoClass.css(for: photo) }
                    let bytes = Array(css.utf8)
                    return OutputFile(
                        path: "assets/" + ThemeAssets.hashedName(Self.assetName, bytes: bytes),
                        contents: bytes)
                }
            }
            return memo?.sheets(of: album, photos: photos, make: make) ?? make()
        }
        let sheetsByAlbum = workers?.mapWaiting(albums.count, made) ?? albums.indices.map(made)
        for ((album, photos), albumSheets) in zip(albums, sheetsByAlbum) {
            for (chunk, file) in zip(stride(from: 0, to: photos.count, by: Self.chunkSize), albumSheets) {
                files.append(file)
                for photo in photos[chunk..<min(chunk + Self.chunkSize, photos.count)] {
                    sheets[photo.source.sourcePath] = (album, file.path)
                }
            }
        }
    }

    /// The sheet of the photo at `source` when it is one of `album`'s own photos.
    func sheet(of source: String, in album: String?) -> String? {
        guard let album, let found = sheets[source], found.album == album else { return nil }
        return found.path
    }
}
