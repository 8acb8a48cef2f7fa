import Testing

@testable import GalleryKit

/// Every video problem, as the command line prints it.
@Suite struct VideoErrorTests {
    static let cases: [(VideoProblem, String)] = [
        (
            VideoProblem.ffmpegMissing(tool: "ffmpeg"),
            "a/clip.mov: warning: ffmpeg is not installed, so this video is left out (on Debian: apt-get install ffmpeg)"
        ),
        (.emptyFile, "a/clip.mov: error: empty file (0 bytes): not a video"),
        (
            .notARegularFile,
            "a/clip.mov: error: not a regular file (a FIFO, device or socket); only files are read"
        ),
        (.unreadable("Permission denied"), "a/clip.mov: error: cannot read video: Permission denied"),
        (
            .probeFailed("moov atom not found"),
            "a/clip.mov: error: not a readable video (ffprobe: moov atom not found)"
        ),
        (.noVideoStream, "a/clip.mov: error: the file holds no video stream"),
        (
            .implausible("it declares no duration"),
            "a/clip.mov: error: not a usable video: it declares no duration"
        ),
        (
            .truncated("the 'mdat' box needs 900 bytes, the file has 500"),
            "a/clip.mov: error: the video is damaged or truncated: the 'mdat' box needs 900 bytes, the file has 500"
        ),
        (
            .transcodeFailed(format: "MP4", detail: "Conversion failed!"),
            "a/clip.mov: error: cannot make the MP4 (ffmpeg: Conversion failed!)"
        ),
        (
            .posterPastEnd(requested: 12, duration: 2.5),
            "a/clip.mov: warning: poster: 12 s is past the end of the clip (2.5 s); using the first frame that is not black"
        ),
        (
            .cannotWrite("No space left on device"),
            "a/clip.mov: error: cannot write the video: No space left on device"
        ),
    ]

    @Test(arguments: cases)
    func messages(_ problem: VideoProblem, _ expected: String) {
        #expect(VideoError(problem, file: "a/clip.mov").diagnostic.description == expected)
    }

    @Test func ffmpegsWordsLoseAddressesAndAbsolutePaths() {
        let said = FFmpegTools.summary(
            "[mov,mp4,m4a,3gp,3g2,mj2 @ 0x55cf57091180] moov atom not found\n/tmp/x/a.mp4: Invalid data found when processing input\n",
            path: "/tmp/x/a.mp4")
        #expect(said == "moov atom not found; Invalid data found when processing input")
    }
}
