// swift-tools-version:6.0
import PackageDescription

/// galleryc: a static site generator for photo galleries.
///
/// C libraries come from Debian's -dev packages (the Makefile installs them); each is a
/// system-library target with a module map and a shim header. Three C targets are our own,
/// split along their link lines, each imported by one Swift file: `CImageCodecs` (libjpeg and
/// libpng, owning the `setjmp` they need for error recovery, which Swift cannot call),
/// `CPixels` (the resampler and pixel loops; libm) and `CSHA256` (no library).
let package = Package(
    name: "galleryc",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "galleryc", targets: ["galleryc"]),
        .library(name: "GalleryKit", targets: ["GalleryKit"]),
    ],
    targets: [
        .systemLibrary(name: "CCmark", pkgConfig: "libcmark", providers: [.apt(["libcmark-dev"])]),
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        .systemLibrary(name: "CExif", pkgConfig: "libexif", providers: [.apt(["libexif-dev"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebp", providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(name: "CHeif", pkgConfig: "libheif", providers: [.apt(["libheif-dev"])]),
        .systemLibrary(
            name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
        .target(
            name: "CImageCodecs",
            cSettings: [.unsafeFlags(["-O2"])],
            linkerSettings: [.linkedLibrary("jpeg"), .linkedLibrary("png16")]
        ),
        .target(name: "CPixels", cSettings: [.unsafeFlags(["-O2"])], linkerSettings: [.linkedLibrary("m")]),
        .target(name: "CSHA256", cSettings: [.unsafeFlags(["-O2"])]),
        .target(
            name: "GalleryKit",
            dependencies: ["CCmark", "CYAML", "CExif", "CImageCodecs", "CPixels", "CSHA256", "CWebP", "CHeif"]
        ),
        .target(name: "GalleryServe", dependencies: ["GalleryKit", "CMicroHTTPD"]),
        .target(name: "GalleryCLI", dependencies: ["GalleryKit", "GalleryServe"]),
        .executableTarget(name: "galleryc", dependencies: ["GalleryCLI"]),
        // libFuzzer harness for the EXIF, image header and front matter parsers (`make fuzz`);
        // without -DGALLERYC_FUZZ it builds a replay tool for fuzz inputs.
        .systemLibrary(name: "CLibFuzzer"),
        .executableTarget(name: "GalleryFuzz", dependencies: ["GalleryKit", "CLibFuzzer"]),
        .testTarget(name: "GalleryKitTests", dependencies: ["GalleryKit"]),
        .testTarget(name: "GalleryServeTests", dependencies: ["GalleryServe"]),
        .testTarget(name: "GalleryCLITests", dependencies: ["GalleryCLI"]),
    ],
    swiftLanguageModes: [.v6]
)
