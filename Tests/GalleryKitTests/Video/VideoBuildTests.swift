import Foundation
import Synchronization
import Testing

@testable import GalleryKit

/// Whole builds with clips made by ffmpeg here: what is published, what the cache saves, what
/// a broken clip costs.
@Suite struct VideoBuildTests {
    private func publishedVideos(_ sandbox: BuildSandbox) -> [String] {
        FileTree.files(in: sandbox.output).filter { $0.hasPrefix("_video/") }
    }

    @Test func aClipIsAnAlbumItemWithAnMP4AndAPoster() async throws {
        let sandbox = try BuildSandbox()
        try TestClips.pattern(at: sandbox.content.appendingPathComponent("trip/clip.mp4"))
        try sandbox.put("trip/clip.md", "---\ntitle: The clip\nalt: A test pattern\n---\nMoving colours.\n")
        let outcome = await sandbox.build()
        #expect(outcome.succeeded, "\(outcome.rendered)")
        let files = publishedVideos(sandbox)
        #expect(files.count == 1)
        #expect(files.first?.hasSuffix("/clip.mp4") == true)
        #expect(outcome.summary?.videoCount == 1)
        #expect(outcome.summary?.photoCount == 0)
        let page = try String(
            contentsOf: sandbox.output.appendingPathComponent("trip/clip/index.html"), encoding: .utf8)
        #expect(page.contains("The clip"))
        // The poster went through the photo pipeline: renditions, and the album tile is a
        // blur-up picture like a photo's, with the play badge and the duration.
        let poster = try #require(
            FileTree.files(in: sandbox.output).first {
                $0.hasPrefix("_img/") && $0.hasSuffix("clip-320.jpg")
            })
        let album = try String(
            contentsOf: sandbox.output.appendingPathComponent("trip/index.html"), encoding: .utf8)
        // Its placeholder is in the page, like a photo's (an inline image, no style attribute).
        #expect(album.contains(#"<img class="gk-ph" src="data:image/webp;base64,"#))
        #expect(album.contains("alt=\"A test pattern\""))
        #expect(
            album.contains(
                "<span class=\"gk-video-badge\" data-gk-preview=\"/\(files[0])\"><span class=\"gk-video-play\" "
                    + "aria-hidden=\"true\"></span><span class=\"visually-hidden\">Video, 2 seconds</span>"
                    + "<time datetime=\"PT2S\" aria-hidden=\"true\">0:02</time></span>"))
        #expect(album.contains("1 video"))
        // Its page plays it with the browser's controls, from the poster, never by itself.
        #expect(
            page.contains(
                "<video class=\"gk-video-player\" controls playsinline preload=\"metadata\" "
                    + "poster=\"/\(poster)\" width=\"320\" height=\"240\" aria-label=\"A test pattern\">\n"
                    + "<source src=\"/\(files[0])\" type=\"video/mp4\">\n"))
        #expect(!page.contains("autoplay"))
        #expect(!page.contains("muted"))
        #expect(page.contains("<a href=\"/\(files[0])\">Download it</a> (MP4, "))
    }

    @Test func aStoryAlbumShowsTheBadgeOnAClipsPoster() async throws {
        let sandbox = try BuildSandbox()
        try sandbox.put("essay/index.md", "---\ntitle: Essay\nlayout: story\n---\n")
        try TestClips.pattern(at: sandbox.content.appendingPathComponent("essay/clip.mp4"), seconds: 1)
        try sandbox.put("essay/clip.md", "---\nalt: A test pattern\n---\n")
        let outcome = await sandbox.build()
        #expect(outcome.succeeded, "\(outcome.rendered)")
        let album = try String(
            contentsOf: sandbox.output.appendingPathComponent("essay/index.html"), encoding: .utf8)
        let item = try #require(
            album.components(separatedBy: "<figure class=\"gk-story-item ").dropFirst().first)
        #expect(item.contains("alt=\"A test pattern\""))
        #expect(item.contains("<span class=\"visually-hidden\">Video, 1 second</span>"))
    }

    /// The image stage also processes each clip's poster, but its progress counts photos, as
    /// the summary does; the video stage reports seconds up to the whole.
    @Test func progressCountsPhotosAndTheSecondsOfVideo() async throws {
        let sandbox = try BuildSandbox()
        try TestClips.pattern(at: sandbox.content.appendingPathComponent("a/clip.mp4"), seconds: 1)
        try sandbox.put("a/red.jpg", bytes: try ImageTestSupport.jpeg(width: 32, height: 24))
        let reports = Mutex<[BuildProgress]>([])
        let options = BuildOptions(
            contentDirectory: sandbox.content, outputDirectory: sandbox.output,
            themeDirectory: BuildSandbox.theme, jobs: 2, now: BuildSandbox.now)
        let summary = try await SiteBuilder.build(
            options, diagnostics: DiagnosticCollector(),
            progress: { report in reports.withLock { $0.append(report) } })
        #expect(summary.photoCount == 1 && summary.videoCount == 1)
        let all = reports.withLock { $0 }
        let photos = all.filter { $0.photosTotal > 0 }
        #expect(photos.map(\.photosDone) == [1])
        #expect(photos.allSatisfy { $0.photosTotal == 1 })
        let video = all.filter { $0.videoSecondsTotal > 0 }
        #expect(video.last.map { $0.videoSecondsDone == $0.videoSecondsTotal } == true, "\(video)")
    }

    @Test func aRebuildTranscodesNothingAndAChangedClipOnlyItself() async throws {
        let sandbox = try BuildSandbox()
        let cache = sandbox.root.appendingPathComponent("cache")
        try TestClips.pattern(at: sandbox.content.appendingPathComponent("a/one.mp4"), seconds: 1)
        try TestClips.pattern(at: sandbox.content.appendingPathComponent("a/two.mp4"), seconds: 1, tone: 660)
        let first = await sandbox.build(cache: cache)
        #expect(first.succeeded, "\(first.rendered)")
        #expect(first.summary?.cachedVideoCount == 0)
        let second = await sandbox.build(cache: cache)
        #expect(second.summary?.videoCount == 2)
        #expect(second.summary?.cachedVideoCount == 2)
        try TestClips.pattern(at: sandbox.content.appendingPathComponent("a/two.mp4"), seconds: 1, tone: 880)
        let third = await sandbox.build(cache: cache)
        #expect(third.summary?.cachedVideoCount == 1)
        #expect(publishedVideos(sandbox).count == 2)
    }

    @Test func aTruncatedClipIsNamedAndTheRestBuilds() async throws {
        let sandbox = try BuildSandbox()
        let whole = sandbox.root.appendingPathComponent("whole.mp4")
        try TestClips.pattern(at: whole, seconds: 1)
        let bytes = try [UInt8](Data(contentsOf: whole))
        try sandbox.put("a/cut.mp4", bytes: Array(bytes.prefix(bytes.count / 2)))
        try sandbox.put("a/empty.mov", bytes: [])
        try TestClips.pattern(at: sandbox.content.appendingPathComponent("a/good.mp4"), seconds: 1)
        let outcome = await sandbox.build(keepGoing: true)
        let errors = outcome.diagnostics.filter { $0.severity == .error }.map(\.description)
        #expect(errors.count == 2)
        #expect(errors.contains { $0.hasPrefix("a/cut.mp4: error: the video is damaged or truncated: ") })
        #expect(errors.contains("a/empty.mov: error: empty file (0 bytes): not a video"))
        #expect(publishedVideos(sandbox).map { ($0 as NSString).lastPathComponent } == ["good.mp4"])
    }

    @Test func aHiddenClipIsNotTranscodedAndAPosterPastTheEndWarns() async throws {
        let sandbox = try BuildSandbox()
        try TestClips.pattern(at: sandbox.content.appendingPathComponent("a/secret.mp4"), seconds: 1)
        try sandbox.put("a/secret.md", "---\nalt: Hidden\nhidden: true\n---\n")
        try TestClips.pattern(at: sandbox.content.appendingPathComponent("a/late.mp4"), seconds: 1, tone: 660)
        try sandbox.put("a/late.md", "---\nalt: Late\nposter: 9\n---\n")
        let outcome = await sandbox.build()
        #expect(outcome.succeeded, "\(outcome.rendered)")
        #expect(publishedVideos(sandbox).map { ($0 as NSString).lastPathComponent } == ["late.mp4"])
        #expect(
            !FileManager.default.fileExists(atPath: sandbox.output.appendingPathComponent("a/secret").path))
        #expect(
            outcome.rendered.contains(
                "a/late.mp4: warning: poster: 9 s is past the end of the clip (1 s); "
                    + "using the first frame that is not black"))
        #expect(
            FileTree.files(in: sandbox.output).contains {
                $0.hasPrefix("_img/") && $0.hasSuffix("late-320.jpg")
            })
    }

    /// x264's bytes depend on its thread count; the decoder's and filters' do not. With two
    /// clips, `--jobs 1` gives each ffmpeg both cores and `--jobs 2` one each: the published
    /// files must not differ (nor between machines with other core counts).
    @Test func clipsAreTheSameBytesWhateverTheJobsAndCores() async throws {
        let sandbox = try BuildSandbox()
        try TestClips.pattern(at: sandbox.content.appendingPathComponent("a/one.mp4"), seconds: 1)
        try TestClips.pattern(at: sandbox.content.appendingPathComponent("a/two.mp4"), seconds: 1, tone: 660)
        let serial = sandbox.root.appendingPathComponent("serial")
        let parallel = sandbox.root.appendingPathComponent("parallel")
        let one = await sandbox.build(jobs: 1, output: serial)
        let two = await sandbox.build(jobs: 2, output: parallel)
        #expect(one.succeeded && two.succeeded, "\(one.rendered) \(two.rendered)")
        try DeterminismTests.expectIdentical(serial, parallel)
        let commands = (1...8).map { threads in
            VideoCommands(
                settings: VideoSettings(),
                probe: VideoProbe(
                    duration: 1, codedWidth: 320, codedHeight: 240, rotation: 0, transfer: .sdr,
                    hasAudio: true),
                threads: threads
            ).transcode("in.mp4", to: .mp4, destination: "out.mp4")
        }
        let encoderThreads = commands.map { arguments in
            arguments.indices.filter { arguments[$0] == "-threads:v" }.map { arguments[$0 + 1] }
        }
        #expect(encoderThreads.allSatisfy { $0 == ["\(VideoCommands.encoderThreads)"] }, "\(encoderThreads)")
    }

    @Test func withoutFFmpegVideosWarnAndTheSiteBuilds() async throws {
        let sandbox = try BuildSandbox()
        try TestClips.pattern(at: sandbox.content.appendingPathComponent("a/clip.mp4"), seconds: 1)
        let stage = VideoStage(
            settings: VideoSettings(), workers: WorkerPool(workers: 1), cache: nil, siteRoot: sandbox.output,
            environment: ["PATH": sandbox.root.path])
        let diagnostics = DiagnosticCollector()
        let clip = PhotoSource(
            sourcePath: "a/clip.mp4", fileName: "clip.mp4", slug: "clip", urlPath: "a/clip/")
        let output = await stage.run(
            [VideoStage.Job(clip: clip)], contentDirectory: sandbox.content, diagnostics: diagnostics,
            progress: { _ in })
        #expect(output.videos.isEmpty)
        #expect(
            diagnostics.diagnostics.map(\.description) == [
                "a/clip.mp4: warning: ffmpeg is not installed, so this video is left out (on Debian: apt-get install ffmpeg)"
            ])
    }
}
