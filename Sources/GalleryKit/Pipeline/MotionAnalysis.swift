/// What the motion layer computes from each photo's preview, in the image worker that made it.
enum MotionAnalysis {
    /// Part of the cache key: bump when the placeholder or focal point would come out different.
    static let version = "motion-1"

    /// Adds the inline placeholder, the dominant colour and, unless the sidecar set `focus:`,
    /// the focal point found by saliency analysis.
    @Sendable static func finish(_ result: ImageResult, source: PhotoSource) -> PhotoDerivatives {
        var derivatives = result.derivatives
        let placeholder = Placeholder.make(from: result.preview)
        derivatives.placeholder = placeholder.dataURL
        derivatives.dominantColor = placeholder.dominantColor
        if source.focus == nil {
            derivatives.focus = FocalPointDetector.detect(in: result.preview)
        }
        return derivatives
    }
}
