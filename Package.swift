// swift-tools-version:6.0
import PackageDescription

/// galleryc: a static site generator for photo galleries.
///
/// C libraries come from Debian's -dev packages (the Makefile installs them); each is a
/// system-library target with a module map and a shim header (libcrypto, `CCrypto`, for
/// SHA-256). Three C targets are our own,
/// split along their link lines, each imported by one Swift file: `CImageCodecs` (libjpeg and
/// libpng, owning the `setjmp` they need for error recovery, which Swift cannot call; and
/// zlib's inflate for the compressed PNG text the image stage reads; the privacy check inflates
/// with its own CZlib),
/// `CPixels` (the resampler and pixel loops; libm) and `CFileSystem`
/// (the one Linux call Swift's Glibc module hides: renameat2, for the atomic swap of the site).
///
/// No target has `unsafeFlags`: SwiftPM refuses them in a package that another one depends on
/// by version (`from: "1.0.0"`: "the target 'CCodecs' in product 'GalleryKit' contains unsafe
/// build flags"; a path or branch dependency is let through), so they kept GalleryKit from
/// being a library anyone could use. They carried `-O2` for the C targets, which release
/// builds get anyway. Debug builds compile C at -O0, where the codec and pixel loops are many
/// times slower, so `make test-swift` passes `-Xcc -O2` to both its `swift build --build-tests`
/// and its `swift test --skip-build`. Measured on the shared 2-core machine (loaded: load
/// average 4-6): a cold `swift build --build-tests` took 131 s without and 115 s with (the C
/// compiles take seconds either way; the rest is noise); the GalleryKitTests run took 30-34 s
/// of CPU without and 20-26 s with (two runs each; 24-25 s and 16-19 s in three runs each
/// without the Java HTML checker). Wall time follows the other users' load more than the
/// flag. A plain `swift test` still works, only slower.
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
        .systemLibrary(name: "CLCMS", pkgConfig: "lcms2", providers: [.apt(["liblcms2-dev"])]),
        // XMP (photo metadata and .xmp sidecars); see Metadata/XMPParser.swift for how it is parsed.
        .systemLibrary(name: "CXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        // OpenSSL 3's libcrypto: SHA-256, AES-256-GCM, PBKDF2 and random bytes (Support/Crypto.swift).
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CGif", pkgConfig: "libgif", providers: [.apt(["libgif-dev"])]),
        // LibRaw's thread-safe build (Images/RAWDecoder.swift): camera RAW files. No pkgConfig:
        // libraw_r.pc adds -fopenmp, which SwiftPM refuses with a warning; libraw_r.so brings
        // its own libgomp.
        .systemLibrary(name: "CRaw", providers: [.apt(["libraw-dev"])]),
        // zlib for the privacy check's own inflate of compressed PNG text (Privacy/ZlibInflater.swift),
        // apart from the image stage's (CImageCodecs): one bug cannot hide a leak from both.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "COpenJPEG", pkgConfig: "libopenjp2", providers: [.apt(["libopenjp2-7-dev"])]),
        // No pkgConfig: libjxl.pc adds -DHWY_SHARED_DEFINE, which SwiftPM refuses with a warning;
        // the headers are in /usr/include/jxl and decode.h needs no define.
        .systemLibrary(name: "CJXL", providers: [.apt(["libjxl-dev"])]),
        // No pkgConfig either: libavif.pc adds -DAVIF_DLL (only meaningful on Windows).
        .systemLibrary(name: "CAVIF", providers: [.apt(["libavif-dev"])]),
        .systemLibrary(
            name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
        .target(
            name: "CImageCodecs",
            linkerSettings: [.linkedLibrary("jpeg"), .linkedLibrary("png16"), .linkedLibrary("z")]),
        .target(name: "CPixels", linkerSettings: [.linkedLibrary("m")]),
        .target(name: "CFileSystem"),
        // The CMYK press profile assumed for CMYK JPEGs without one, as data (see its script).
        .target(name: "CColourProfiles", exclude: ["press-cmyk.icc", "make-press-profile.sh"]),
        .target(
            name: "GalleryKit",
            dependencies: [
                "CCmark", "CYAML", "CExif", "CImageCodecs", "CPixels", "CCrypto", "CFileSystem", "CWebP",
                "CHeif", "CLCMS", "CColourProfiles", "CGif", "CRaw", "COpenJPEG", "CJXL", "CAVIF", "CXML2",
                "CZlib",
            ]
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
