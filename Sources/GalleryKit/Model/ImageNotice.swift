/// Something not right with a photo that was published anyway: the image stage notes it in
/// the photo's ``PhotoDerivatives`` (so a build that restores them from the cache says it
/// again), and rendering reports it as a warning naming the photo.
enum ImageNotice: Sendable, Hashable, Codable {
    /// libjpeg recovered from damaged data (`count` warnings); `message` is its first, in its
    /// own words ("Corrupt JPEG data: 12 extraneous bytes before marker 0xd9").
    case damagedData(message: String, count: Int)
    /// The embedded ICC profile does not fit the pixels, or cannot be read, and was left out.
    case profileIgnored(String)
}
