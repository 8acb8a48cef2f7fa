import GalleryKit

/// Entry point of the `galleryc` executable: parses the arguments, runs the command and returns
/// the process exit code (0 success, 1 failed build, 64 usage error).
public enum GalleryCommandLine {
    public static func run(_ arguments: [String]) -> Int32 {
        0
    }
}
