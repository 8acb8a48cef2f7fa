import Foundation

// The derivatives record in ``ByteWriter``'s compact form, for the cache's record pack (a
// build reads every photo's record; from JSON that was most of a no-change rebuild). Field by
// field in declaration order; `PhotoDerivativesBytesTests` round-trips a record with every
// field set and holds the field lists to `Mirror`, so a new field cannot be forgotten here.

extension PhotoDerivatives {
    /// Version of the layout below; a pack of another version is not read.
    /// 2: ``hdrGainMap``, ``embeddedMovie`` and ``live``.
    static let bytesVersion = 2

    var packedBytes: [UInt8] {
        var writer = ByteWriter()
        writer.add(Self.bytesVersion)
        writer.add(width)
        writer.add(height)
        exif.write(to: &writer)
        writer.add(renditions) { $1.write(to: &$0) }
        writer.add(placeholder)
        writer.add(dominantColor)
        writer.add(focus.x)
        writer.add(focus.y)
        writer.add(hasAlpha)
        writer.add(original) { $1.write(to: &$0) }
        writer.add(notices) { writer, notices in writer.add(notices) { $1.write(to: &$0) } }
        writer.add(described) { $1.write(to: &$0) }
        writer.add(hdrGainMap) { $0.add($1) }
        writer.add(embeddedMovie) { writer, movie in
            writer.add(Int(movie.offset))
            writer.add(Int(movie.length))
        }
        writer.add(live) { $1.write(to: &$0) }
        writer.add(video) { $1.write(to: &$0) }
        return writer.bytes
    }

    /// The record in `bytes`; nil when they are not one of this version.
    init?(packed bytes: [UInt8]) {
        var reader = ByteReader(bytes)
        guard reader.int() == Self.bytesVersion, let width = reader.int(), let height = reader.int(),
            let exif = ExifSummary(from: &reader), let renditions = reader.array({ Rendition(from: &$0) }),
            let placeholder = reader.optional({ $0.string() }),
            let dominant = reader.optional({ $0.string() }),
            let x = reader.double(), let y = reader.double(), let hasAlpha = reader.bool(),
            let original = reader.optional({ Rendition(from: &$0) }),
            let notices = reader.optional({ $0.array { ImageNotice(from: &$0) } }),
            let described = reader.optional({ DescriptiveMetadata(from: &$0) }),
            let hdrGainMap = reader.optional({ $0.bool() }),
            let embeddedMovie = reader.optional({ reader -> EmbeddedMovie? in
                guard let offset = reader.int(), let length = reader.int() else { return nil }
                return EmbeddedMovie(offset: Int64(offset), length: Int64(length))
            }),
            let live = reader.optional({ VideoDerivatives(from: &$0) }),
            let video = reader.optional({ VideoDerivatives(from: &$0) }), reader.isComplete
        else { return nil }
        self.init(
            width: width, height: height, exif: exif, renditions: renditions, placeholder: placeholder,
            dominantColor: dominant, focus: FocalPoint(x: x, y: y), hasAlpha: hasAlpha, original: original,
            notices: notices, described: described)
        self.hdrGainMap = hdrGainMap
        self.embeddedMovie = embeddedMovie
        self.live = live
        self.video = video
    }
}

extension ExifSummary {
    func write(to writer: inout ByteWriter) {
        writer.add(orientation)
        writer.add(cameraMake)
        writer.add(cameraModel)
        writer.add(lens)
        writer.add(focalLength)
        writer.add(aperture)
        writer.add(exposureTime)
        writer.add(iso)
        writer.add(dateTaken?.timeIntervalSince1970)
        writer.add(imageDescription)
        writer.add(userComment)
        writer.add(artist)
        writer.add(copyright)
    }

    init?(from reader: inout ByteReader) {
        self.init()
        guard let orientation = reader.int(), let make = reader.optional({ $0.string() }),
            let model = reader.optional({ $0.string() }), let lens = reader.optional({ $0.string() }),
            let focal = reader.optional({ $0.double() }), let aperture = reader.optional({ $0.double() }),
            let exposure = reader.optional({ $0.double() }), let iso = reader.optional({ $0.int() }),
            let date = reader.optional({ $0.double() }), let description = reader.optional({ $0.string() }),
            let comment = reader.optional({ $0.string() }), let artist = reader.optional({ $0.string() }),
            let copyright = reader.optional({ $0.string() })
        else { return nil }
        self.orientation = orientation
        cameraMake = make
        cameraModel = model
        self.lens = lens
        focalLength = focal
        self.aperture = aperture
        exposureTime = exposure
        self.iso = iso
        dateTaken = date.map { Date(timeIntervalSince1970: $0) }
        imageDescription = description
        userComment = comment
        self.artist = artist
        self.copyright = copyright
    }
}

extension Rendition {
    func write(to writer: inout ByteWriter) {
        writer.add(path)
        writer.add(width)
        writer.add(height)
        writer.add(format.rawValue)
        writer.add(byteCount)
        writer.add(isAnimated)
    }

    init?(from reader: inout ByteReader) {
        guard let path = reader.string(), let width = reader.int(), let height = reader.int(),
            let format = reader.string().flatMap(ImageFormat.init(rawValue:)), let byteCount = reader.int(),
            let isAnimated = reader.bool()
        else { return nil }
        self.init(
            path: path, width: width, height: height, format: format, byteCount: byteCount,
            isAnimated: isAnimated)
    }
}

extension ImageNotice {
    func write(to writer: inout ByteWriter) {
        switch self {
        case .damagedData(let message, let count):
            writer.add(0)
            writer.add(message)
            writer.add(count)
        case .profileIgnored(let reason):
            writer.add(1)
            writer.add(reason)
        }
    }

    init?(from reader: inout ByteReader) {
        switch reader.int() {
        case 0:
            guard let message = reader.string(), let count = reader.int() else { return nil }
            self = .damagedData(message: message, count: count)
        case 1:
            guard let reason = reader.string() else { return nil }
            self = .profileIgnored(reason)
        default:
            return nil
        }
    }
}

extension DescriptiveMetadata {
    func write(to writer: inout ByteWriter) {
        writer.add(title)
        writer.add(description)
        writer.add(keywords) { $0.add($1) }
        writer.add(rating)
        writer.add(creator)
        writer.add(copyright)
    }

    init?(from reader: inout ByteReader) {
        guard let title = reader.optional({ $0.string() }),
            let description = reader.optional({ $0.string() }),
            let keywords = reader.array({ $0.string() }), let rating = reader.optional({ $0.int() }),
            let creator = reader.optional({ $0.string() }), let copyright = reader.optional({ $0.string() })
        else { return nil }
        self.init(
            title: title, description: description, keywords: keywords, rating: rating, creator: creator,
            copyright: copyright)
    }
}

extension VideoDerivatives {
    func write(to writer: inout ByteWriter) {
        writer.add(duration)
        writer.add(width)
        writer.add(height)
        writer.add(hasAudio)
        writer.add(transfer.rawValue)
        writer.add(recorded?.timeIntervalSince1970)
        writer.add(files) { writer, file in
            writer.add(file.path)
            writer.add(file.format.rawValue)
            writer.add(file.byteCount)
        }
    }

    init?(from reader: inout ByteReader) {
        guard let duration = reader.double(), let width = reader.int(), let height = reader.int(),
            let hasAudio = reader.bool(),
            let transfer = reader.string().flatMap(VideoTransfer.init(rawValue:)),
            let recorded = reader.optional({ $0.double() }),
            let files = reader.array({ reader -> VideoFile? in
                guard let path = reader.string(),
                    let format = reader.string().flatMap(VideoFormat.init(rawValue:)),
                    let byteCount = reader.int()
                else { return nil }
                return VideoFile(path: path, format: format, byteCount: byteCount)
            })
        else { return nil }
        self.init(
            duration: duration, width: width, height: height, hasAudio: hasAudio, transfer: transfer,
            recorded: recorded.map { Date(timeIntervalSince1970: $0) }, files: files)
    }
}
