import Testing

@testable import GalleryKit

/// One list of file extensions (``MediaFileType``): the content scanner and the format sniffer
/// read the same names, so a photo the sniffer would accept is never left out by the scanner.
@Suite struct MediaFileTypeTests {
    /// The formats the pipeline decodes.
    static let decoded: [SniffedFormat] = [.jpeg, .png, .gif, .webp, .heic, .avif, .jpeg2000, .jpegXL]

    @Test func theScannerAndTheSnifferAgree() {
        // Every extension the sniffer accepts for a format it decodes is a photo to the scanner…
        // (Camera RAW files are TIFFs or formats of their own: LibRaw recognises them, by name.)
        let sniffed = Set(Self.decoded.flatMap(\.extensions))
        #expect(sniffed.union(MediaFileType.cameraRaw.extensions) == FolderScanner.photoExtensions)
        // …and every extension is in one type only.
        let all = MediaFileType.all.flatMap(\.extensions)
        #expect(all.count == Set(all).count)
        #expect(["jpe", "jfif"].allSatisfy(FolderScanner.photoExtensions.contains))
        // JPEG 2000 Part 6 is not what OpenJPEG reads: skipped, not a JPEG 2000 photo.
        #expect(!SniffedFormat.jpeg2000.extensions.contains("jpm"))
        #expect(FolderScanner.unsupportedImageExtensions.contains("jpm"))
        #expect(MediaFileType.of(extension: "JPM") == .jpm)
    }

    /// A RAW extension goes to LibRaw when the bytes are a TIFF or of no format sniffed here;
    /// a JPEG that was given a RAW name is read as the JPEG it is.
    @Test func aRAWIsRecognisedByItsNameOnBytesNoOtherDecoderReads() {
        #expect(MediaFileType.isCameraRAW("IMG_0001.CR3") && MediaFileType.isCameraRAW("x.dng"))
        #expect(!MediaFileType.isCameraRAW("x.tif") && !MediaFileType.isCameraRAW("nef"))
        #expect(ImagePipeline.isCameraRAW(.tiff, fileName: "DSC_1.NEF"))
        #expect(ImagePipeline.isCameraRAW(.unknown, fileName: "DSCF1.RAF"))
        #expect(!ImagePipeline.isCameraRAW(.jpeg, fileName: "DSC_1.NEF"))
        #expect(!ImagePipeline.isCameraRAW(.tiff, fileName: "scan.tif"))
    }

    /// LibRaw's `flip` (dcraw's numbering) is EXIF's orientation in another order.
    @Test func libRawFlipIsTheEXIFOrientation() {
        #expect((0...7).map { RAWDecoder.orientation(flip: $0) } == [1, 2, 4, 3, 5, 8, 6, 7])
    }

    /// A JPM file has the JP2 signature box; its file type box's brand tells it apart.
    @Test func aJPMFileIsSniffedAsJPM() {
        let jpm: [UInt8] =
            [0, 0, 0, 0x0C] + Array("jP  \r\n".utf8) + [0x87, 0x0A] + [0, 0, 0, 0x14]
            + Array("ftypjpm ".utf8) + [0, 0, 0, 0] + Array("jpm ".utf8)
        #expect(SniffedFormat.sniff(jpm) == .jpm)
        let jp2 = Array(jpm[..<20]) + Array("jp2 ".utf8) + [0, 0, 0, 0] + Array("jp2 ".utf8)
        #expect(SniffedFormat.sniff(jp2) == .jpeg2000)
    }
}
