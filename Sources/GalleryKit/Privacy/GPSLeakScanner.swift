import Foundation

/// The privacy check run after every build: no published file may carry GPS data.
///
/// Images (recognised by their first bytes, whatever their extension: JPEG, WebP, PNG, TIFF)
/// leak when their EXIF has a GPS IFD at all or their XMP names a GPS property, even with
/// zero or missing coordinates; ISO base media files (MP4, MOV, HEIF) leak when their atoms
/// hold a location (``MovieMetadata``: `©xyz`, `loci`, the ISO 6709 key, timed-metadata
/// tracks), and are also searched like text for the sources' coordinates; so is a movie after
/// a JPEG's end (a Motion Photo's MP4, which the original rewriter leaves out). Every other file (HTML, XML, JSON, CSS, JS, text, or anything
/// unknown) leaks when it spells out one of the source photos' coordinates, by the rule of
/// ``CoordinateTextMatcher``, or when it embeds a base64 `data:` image that carries GPS.
/// The scanner is independent of the image stage: it reads metadata with its own pure-Swift
/// reader.
struct GPSLeakScanner: Sendable {
    /// Coordinates read from the source photos (see ``GPSCoordinates/read(fromImage:source:)``).
    let sourceCoordinates: [GPSCoordinate]
    private let matcher: CoordinateTextMatcher

    /// Creates a scanner looking for the given source coordinates in text files.
    init(sourceCoordinates: [GPSCoordinate]) {
        self.sourceCoordinates = sourceCoordinates
        self.matcher = CoordinateTextMatcher(coordinates: sourceCoordinates)
    }

    /// Checks one published file.
    ///
    /// - Parameters:
    ///   - path: the file's path in the output folder, used in the report.
    ///   - bytes: its contents.
    /// - Returns: the first leak found, or nil when the file is clean.
    func scan(path: String, bytes: [UInt8]) -> GPSLeak? {
        if let metadata = GPSCoordinates.metadata(fromImage: bytes, source: path) {
            if metadata.hasGPSIFD || !metadata.coordinates.isEmpty { return GPSLeak(.exifGPS, file: path) }
            if metadata.hasXMPGPS { return GPSLeak(.xmpGPS, file: path) }
            if metadata.hasUnreadableText {
                return GPSLeak(
                    .unreadable(detail: "compressed text in it cannot be inflated (damaged, or over 16 MiB)"),
                    file: path)
            }
            if let leak = appendedMovieLeak(path: path, bytes: bytes) { return leak }
            // MP4/MOV/HEIF keep a location as ISO 6709 text (`©xyz`: "+48.8582+002.2945/").
            guard bytes.count >= 8, Array(bytes[4..<8]) == Array("ftyp".utf8) else { return nil }
        }
        if let coordinate = matcher.firstMatch(in: bytes) {
            return GPSLeak(.coordinates(coordinate), file: path)
        }
        return InlineImages.containGPS(bytes) ? GPSLeak(.inlineImageGPS, file: path) : nil
    }

    /// Checks every listed file of a built site on the build's workers.
    ///
    /// - Parameters:
    ///   - directory: the output (or staging) folder.
    ///   - paths: the published files, relative to `directory`.
    ///   - workers: the pool the files are read and scanned on.
    /// - Returns: one leak per leaking (or unreadable) file, sorted by path.
    /// - Throws: `CancellationError` when the build was cancelled (no further file is read).
    func scanOutput(directory: URL, paths: [String], workers: WorkerPool) async throws(CancellationError)
        -> [GPSLeak]
    {
        let scanner = self
        let found = try await workers.map(paths.count) { index -> GPSLeak? in
            let path = paths[index]
            let url = directory.appendingPathComponent(path)
            let found: GPSLeak?
            do {
                if let leak = scanner.movieLeak(path: path, url: url) {
                    found = leak
                } else if StoredZip.isZip(url) {
                    // An album ZIP: each photo in it is scanned as the image it is, one at a time.
                    var leak: GPSLeak?
                    try StoredZip.forEachEntry(of: url) { entry in
                        leak = scanner.scan(path: path, bytes: entry)
                        return leak == nil
                    }
                    found = leak
                } else {
                    found = scanner.scan(path: path, bytes: [UInt8](try Data(contentsOf: url)))
                }
            } catch {
                found = GPSLeak(.unreadable(detail: fileErrorText(error)), file: path)
            }
            return found
        }
        return found.compactMap { $0 }.sorted { $0.location.file < $1.location.file }
    }

    /// Checks every regular file under `directory` (hidden files included) on `workers`.
    ///
    /// - Parameters:
    ///   - directory: the output (or staging) folder.
    ///   - workers: the pool the files are read and scanned on.
    /// - Returns: one leak per leaking (or unreadable) file, sorted by path relative to
    ///   `directory`; a folder that cannot be listed is reported as one unreadable leak at `.`.
    /// - Throws: `CancellationError` when the task was cancelled.
    func scanOutput(directory: URL, workers: WorkerPool) async throws(CancellationError) -> [GPSLeak] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isFolder),
            isFolder.boolValue,
            let walker = FileManager.default.enumerator(atPath: directory.path)
        else {
            return [GPSLeak(.unreadable(detail: "cannot list \(directory.path)"), file: ".")]
        }
        var paths: [String] = []
        while let path = walker.nextObject() as? String {
            if walker.fileAttributes?[.type] as? FileAttributeType == .typeRegular { paths.append(path) }
        }
        return try await scanOutput(directory: directory, paths: paths.sorted(), workers: workers)
    }

    /// A leak in a movie appended to a JPEG (a Motion Photo's): after the image's end, any
    /// `ftyp` box is walked as a movie. A JPEG that ends with its EOI marker has nothing
    /// appended, so only the others are searched.
    func appendedMovieLeak(path: String, bytes: [UInt8]) -> GPSLeak? {
        guard bytes.count > 16, bytes[0] == 0xFF, bytes[1] == 0xD8,
            !(bytes[bytes.count - 2] == 0xFF && bytes[bytes.count - 1] == 0xD9)
        else { return nil }
        let movie = MovieBytesInMemory(bytes: bytes)
        var from = 8
        while let found = bytes[from...].firstRange(of: Array("ftyp".utf8)) {
            from = found.upperBound
            let start = Int64(found.lowerBound - 4)
            guard let boxes = try? MovieMetadata.read(movie, in: start..<movie.size).distinctLocationBoxes,
                !boxes.isEmpty
            else { continue }
            return GPSLeak(
                .videoLocation(boxes: boxes.joined(separator: ", ") + " (in the movie after the image)"),
                file: path)
        }
        return nil
    }

    /// A leak in the atoms of an MP4 or MOV at `url`, read box by box (the media data is never
    /// read); nil for a clean movie and for any other file.
    func movieLeak(path: String, url: URL) -> GPSLeak? {
        let file: FileReader
        do throws(FileReadFailure) {
            file = try FileReader(path: url.path)
            guard MovieMetadata.isISOBaseMedia(try file.read(at: 0, count: 8)) else { return nil }
            let boxes = try MovieMetadata.read(file).distinctLocationBoxes
            if boxes.isEmpty { return nil }
            return GPSLeak(.videoLocation(boxes: boxes.joined(separator: ", ")), file: path)
        } catch {
            switch error {
            case .notARegularFile: return GPSLeak(.unreadable(detail: "not a regular file"), file: path)
            case .unreadable(let why): return GPSLeak(.unreadable(detail: why), file: path)
            }
        }
    }
}
