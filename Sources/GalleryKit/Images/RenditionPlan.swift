/// Which sizes a photo gets and how it is decoded for them.
enum RenditionPlan {
    /// The rendition widths for a photo `photoWidth` pixels wide (after orientation), largest
    /// first: every configured width below the photo's width, plus the photo's own width when a
    /// configured width reaches it. Never an upscale, never a duplicate.
    static func widths(configured: [Int], photoWidth: Int) -> [Int] {
        var result = Set(configured.filter { $0 > 0 && $0 < photoWidth })
        if configured.contains(where: { $0 >= photoWidth }) { result.insert(photoWidth) }
        return result.sorted(by: >)
    }

    /// The widest pixels a `width` x `height` photo (upright) needs: its largest rendition, or
    /// its placeholder when that is wider. What a decoder that can decode smaller (JPEG's DCT
    /// scaling, JPEG 2000's resolution levels, a RAW's half size or preview) must still cover.
    static func neededWidth(configured: [Int], width: Int, height: Int) -> Int {
        max(
            widths(configured: configured, photoWidth: width).first ?? 0,
            previewSize(width: width, height: height).width)
    }

    /// The height of a rendition `width` wide of a `photoWidth` x `photoHeight` photo.
    static func height(forWidth width: Int, photoWidth: Int, photoHeight: Int) -> Int {
        max(1, Int((Double(photoHeight) * Double(width) / Double(photoWidth)).rounded()))
    }

    /// The smallest DCT scale (numerator over 8) at which a `photoWidth`-wide JPEG still decodes
    /// at least `neededWidth` wide. 1, 2, 4 and 8 have the fast IDCTs; 6 is allowed too because
    /// it saves the full decode (and 44 % of its memory) for the common case of a 4000-wide
    /// portrait that needs 2400: its slower IDCT still costs less than resizing the extra pixels.
    static func dctScale(photoWidth: Int, neededWidth: Int) -> Int {
        for scale in [1, 2, 4, 6] where (photoWidth * scale + 7) / 8 >= neededWidth {
            return scale
        }
        return 8
    }

    /// The size of the preview: the photo fitted within `limit` x `limit`, never enlarged.
    static func previewSize(width: Int, height: Int, limit: Int = 256) -> (width: Int, height: Int) {
        guard width > limit || height > limit else { return (width, height) }
        let scale = min(Double(limit) / Double(width), Double(limit) / Double(height))
        return (
            max(1, min(limit, Int((Double(width) * scale).rounded()))),
            max(1, min(limit, Int((Double(height) * scale).rounded())))
        )
    }
}
