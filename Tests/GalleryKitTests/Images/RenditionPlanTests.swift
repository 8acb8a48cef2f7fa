import Testing

@testable import GalleryKit

@Suite struct RenditionPlanTests {
    @Test(arguments: [
        ([480, 960, 1600, 2400], 1800, [1800, 1600, 960, 480]),
        ([480, 960, 1600, 2400], 5000, [2400, 1600, 960, 480]),
        ([480, 960, 1600, 2400], 2400, [2400, 1600, 960, 480]),
        ([480, 960, 1600, 2400], 480, [480]),
        ([480, 960, 1600, 2400], 300, [300]),
        ([960, 480, 480], 1000, [960, 480]),
        ([480], 1000, [480]),
        ([], 1000, []),
    ])
    func widthsNeverUpscaleNorRepeat(configured: [Int], photoWidth: Int, expected: [Int]) {
        #expect(RenditionPlan.widths(configured: configured, photoWidth: photoWidth) == expected)
    }

    // A 4000-wide portrait needs 2400: 6/8 (3000 wide) instead of a full decode (4000 wide).
    @Test(arguments: [
        (6000, 2400, 4), (6000, 480, 1), (1800, 480, 4), (1800, 1800, 8), (1800, 900, 4),
        (4000, 2400, 6), (1800, 1600, 8),
    ])
    func dctScaleIsTheSmallestThatCovers(photoWidth: Int, needed: Int, scale: Int) {
        #expect(RenditionPlan.dctScale(photoWidth: photoWidth, neededWidth: needed) == scale)
    }

    @Test func previewFitsWithin256AndNeverGrows() {
        #expect(RenditionPlan.previewSize(width: 1800, height: 1200) == (256, 171))
        #expect(RenditionPlan.previewSize(width: 1200, height: 1800) == (171, 256))
        #expect(RenditionPlan.previewSize(width: 100, height: 50) == (100, 50))
    }
}
