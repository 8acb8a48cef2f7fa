/// What the image stage made of one photo.
public struct ImageResult: Sendable {
    /// The photo with its size, EXIF and renditions; `focus` is the sidecar's or the centre.
    public var photo: ProcessedPhoto
    /// The photo, oriented, downscaled with the same resampler to fit within 256x256: the motion
    /// stage computes the placeholder and focal point from it.
    public var preview: PixelBuffer
    /// The GPS coordinates in the source, read from the bytes the pipeline already holds; used
    /// only to prove after the build that none of them was published.
    public var sourceCoordinates: [GPSCoordinate]

    /// Creates a result.
    public init(photo: ProcessedPhoto, preview: PixelBuffer, sourceCoordinates: [GPSCoordinate] = []) {
        self.photo = photo
        self.preview = preview
        self.sourceCoordinates = sourceCoordinates
    }
}
