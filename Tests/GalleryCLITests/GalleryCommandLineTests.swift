import Testing

@testable import GalleryCLI

@Suite struct GalleryCommandLineTests {
    @Test func runsWithoutArguments() {
        #expect(GalleryCommandLine.run(["galleryc"]) == 0)
    }
}
