/// What the image pipeline made of one photo.
struct ImageResult: Sendable {
    /// Its size, EXIF and renditions; `focus` is the sidecar's or the centre.
    var derivatives: PhotoDerivatives
    /// The photo, oriented, downscaled with the same resampler to fit within 256x256: the motion
    /// stage computes the placeholder and focal point from it.
    var preview: PixelBuffer

    /// Creates a result.
    init(derivatives: PhotoDerivatives, preview: PixelBuffer) {
        self.derivatives = derivatives
        self.preview = preview
    }
}
