internal import CGif

/// Decodes GIFs, still or animated, through giflib (Debian's libgif-dev). Every giflib call in
/// galleryc lives in this file.
///
/// Frames are read one record at a time (not with `DGifSlurp`, which would expand every
/// frame before any limit could be checked) and composed onto the canvas as browsers do:
/// transparency from each frame's Graphics Control Extension, disposal to background
/// (transparent) or to the previous canvas, interlaced rows put in place, a delay under
/// 20 ms shown as 100 ms.
enum GIFDecoder {
    /// The bytes giflib reads through its input callback.
    private final class Reader {
        let bytes: [UInt8]
        var position = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }
    }

    /// Every frame of the GIF as straight RGBA on the full canvas.
    /// - Parameter maxPixels: the most pixels the canvas times the frames may hold.
    /// - Throws: ``CodecFailure``: damaged, in giflib's words; `animationTooLarge`.
    static func decode(_ data: [UInt8], maxPixels: Int) throws(CodecFailure) -> AnimatedImage {
        let reader = Reader(data)
        let context = Unmanaged.passRetained(reader)
        defer { context.release() }
        var error: Int32 = 0
        let read: InputFunc = { gif, target, count in
            guard let gif, let target, let user = gif.pointee.UserData else { return 0 }
            let reader = Unmanaged<Reader>.fromOpaque(user).takeUnretainedValue()
            let available = min(Int(count), reader.bytes.count - reader.position)
            guard available > 0 else { return 0 }
            reader.bytes.withUnsafeBufferPointer { source in
                guard let base = source.baseAddress else { return }
                target.update(from: base + reader.position, count: available)
            }
            reader.position += available
            return Int32(available)
        }
        guard let gif = DGifOpen(context.toOpaque(), read, &error) else {
            throw .damaged(.gif, describe(error))
        }
        defer { DGifCloseFile(gif, &error) }
        let width = Int(gif.pointee.SWidth)
        let height = Int(gif.pointee.SHeight)
        guard width > 0, height > 0 else { throw .damaged(.gif, "the canvas has no pixels") }
        guard width * height <= maxPixels else {
            throw CodecFailure(
                .animationTooLarge(width: width, height: height, frames: 1), .gif, "the canvas is too large")
        }
        var composer = Composer(width: width, height: height)
        var loopCount = 1
        var control = GraphicsControlBlock(
            DisposalMode: 0, UserInputFlag: false, DelayTime: 0, TransparentColor: -1)
        while true {
            var record = UNDEFINED_RECORD_TYPE
            guard DGifGetRecordType(gif, &record) == GIF_OK else { throw lastError(gif, composer) }
            if record == TERMINATE_RECORD_TYPE { break }
            if record == EXTENSION_RECORD_TYPE {
                var code: Int32 = 0
                var block: UnsafeMutablePointer<GifByteType>?
                guard DGifGetExtension(gif, &code, &block) == GIF_OK else { throw lastError(gif, composer) }
                var isNetscape = false
                if code == GRAPHICS_EXT_FUNC_CODE, let block {
                    _ = DGifExtensionToGCB(Int(block[0]), block + 1, &control)
                } else if code == APPLICATION_EXT_FUNC_CODE, let block, block[0] == 11 {
                    let name = String(
                        decoding: UnsafeBufferPointer(start: block + 1, count: 11), as: UTF8.self)
                    isNetscape = name == "NETSCAPE2.0" || name == "ANIMEXTS1.0"
                }
                while block != nil {
                    guard DGifGetExtensionNext(gif, &block) == GIF_OK else { throw lastError(gif, composer) }
                    if isNetscape, let sub = block, sub[0] >= 3, sub[1] == 1 {
                        loopCount = Int(sub[2]) | Int(sub[3]) << 8
                        isNetscape = false
                    }
                }
                continue
            }
            guard record == IMAGE_DESC_RECORD_TYPE else { continue }
            guard DGifGetImageDesc(gif) == GIF_OK else { throw lastError(gif, composer) }
            let frames = composer.frames.count + 1
            guard width * height * frames <= maxPixels else {
                throw CodecFailure(
                    .animationTooLarge(width: width, height: height, frames: frames), .gif,
                    "the frames are too large")
            }
            let desc = gif.pointee.Image
            let map = desc.ColorMap ?? gif.pointee.SColorMap
            guard let map, let colours = map.pointee.Colors else {
                throw .damaged(.gif, "frame \(frames) has no colour table")
            }
            let palette = (0..<Int(map.pointee.ColorCount)).map { colours[$0] }
            let frameWidth = Int(desc.Width)
            let frameHeight = Int(desc.Height)
            guard frameWidth > 0, frameHeight > 0, frameWidth <= 65535, frameHeight <= 65535 else {
                throw .damaged(.gif, "frame \(frames) has no pixels")
            }
            var indices = [GifPixelType](repeating: 0, count: frameWidth * frameHeight)
            for row in rowOrder(height: frameHeight, interlaced: desc.Interlace) {
                let ok = indices.withUnsafeMutableBufferPointer { buffer in
                    DGifGetLine(gif, buffer.baseAddress.map { $0 + row * frameWidth }, Int32(frameWidth))
                }
                guard ok == GIF_OK else { throw lastError(gif, composer) }
            }
            composer.draw(
                indices, palette: palette,
                at: (Int(desc.Left), Int(desc.Top), frameWidth, frameHeight), control: control)
            control = GraphicsControlBlock(
                DisposalMode: 0, UserInputFlag: false, DelayTime: 0, TransparentColor: -1)
        }
        guard !composer.frames.isEmpty else { throw .damaged(.gif, "the file holds no image") }
        return AnimatedImage(
            width: width, height: height, frames: composer.frames, durations: composer.durations,
            loopCount: loopCount, iccProfile: nil)
    }

    /// The order in which an interlaced GIF's rows arrive (every 8th from 0, from 4, every
    /// 4th from 2, every 2nd from 1), or top to bottom.
    private static func rowOrder(height: Int, interlaced: Bool) -> [Int] {
        guard interlaced else { return Array(0..<height) }
        return [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { start, step in
            Array(stride(from: start, to: height, by: step))
        }
    }

    /// giflib's error, or, for a file cut short after some frames, what was read.
    private static func lastError(_ gif: UnsafeMutablePointer<GifFileType>, _ composer: Composer)
        -> CodecFailure
    {
        .damaged(.gif, describe(gif.pointee.Error))
    }

    private static func describe(_ code: Int32) -> String {
        GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)"
    }

    /// The canvas as frames are drawn on it, and what each frame leaves behind.
    private struct Composer {
        let width: Int
        let height: Int
        var canvas: [UInt8]
        var frames: [PixelBuffer] = []
        var durations: [Int] = []
        /// What the last frame asked to happen to its rectangle before the next is drawn.
        var pendingDisposal: (mode: Int32, rect: (Int, Int, Int, Int), previous: [UInt8]?)?

        init(width: Int, height: Int) {
            self.width = width
            self.height = height
            canvas = [UInt8](repeating: 0, count: width * height * 4)
        }

        mutating func draw(
            _ indices: [GifPixelType], palette: [GifColorType], at rect: (Int, Int, Int, Int),
            control: GraphicsControlBlock
        ) {
            if let disposal = pendingDisposal {
                if disposal.mode == DISPOSE_PREVIOUS, let previous = disposal.previous {
                    canvas = previous
                } else if disposal.mode == DISPOSE_BACKGROUND {
                    fill(disposal.rect, with: 0)
                }
            }
            let previous = control.DisposalMode == DISPOSE_PREVIOUS ? canvas : nil
            let (left, top, frameWidth, frameHeight) = rect
            let transparent = Int(control.TransparentColor)
            for y in 0..<frameHeight where top + y < height {
                for x in 0..<frameWidth where left + x < width {
                    let index = Int(indices[y * frameWidth + x])
                    guard index != transparent, index < palette.count else { continue }
                    let colour = palette[index]
                    let offset = ((top + y) * width + left + x) * 4
                    canvas[offset] = colour.Red
                    canvas[offset + 1] = colour.Green
                    canvas[offset + 2] = colour.Blue
                    canvas[offset + 3] = 255
                }
            }
            frames.append(PixelBuffer(width: width, height: height, channels: 4, bytes: canvas))
            // Browsers show delays under 2 centiseconds as 10: so do we.
            durations.append(control.DelayTime < 2 ? 100 : Int(control.DelayTime) * 10)
            pendingDisposal = (control.DisposalMode, rect, previous)
        }

        private mutating func fill(_ rect: (Int, Int, Int, Int), with value: UInt8) {
            let (left, top, frameWidth, frameHeight) = rect
            for y in max(0, top)..<min(height, top + frameHeight) {
                let start = (y * width + max(0, left)) * 4
                let end = (y * width + min(width, left + frameWidth)) * 4
                if start < end {
                    canvas.replaceSubrange(start..<end, with: repeatElement(value, count: end - start))
                }
            }
        }
    }
}
