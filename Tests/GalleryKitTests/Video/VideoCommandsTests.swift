import Testing

@testable import GalleryKit

/// What galleryc asks of ffmpeg.
@Suite struct VideoCommandsTests {
    private func commands(
        transfer: VideoTransfer = .sdr, audio: Bool = true, settings: VideoSettings = VideoSettings()
    ) -> VideoCommands {
        VideoCommands(
            settings: settings,
            probe: VideoProbe(
                duration: 2, codedWidth: 3840, codedHeight: 2160, rotation: 90, transfer: transfer,
                hasAudio: audio),
            threads: 1)
    }

    @Test func theMP4IsH264HighYUV420WithFaststartAndNoMetadata() {
        let arguments = commands().transcode("in.mov", to: .mp4, destination: "out.mp4")
        let text = arguments.joined(separator: " ")
        for part in [
            "-map 0:v:0", "-map 0:a:0", "-sn -dn", "-map_metadata -1", "-map_chapters -1",
            "-fflags +bitexact",
            "-c:v libx264 -profile:v high", "-crf 23", "-c:a aac", "-movflags +faststart", "-threads:v 2",
            "format=yuv420p",
        ] {
            #expect(text.contains(part), "missing \(part)")
        }
        #expect(arguments.last == "out.mp4")
        // Never upscaled, never above video.height, square pixels, even sizes.
        #expect(text.contains("scale=w=trunc(oh*dar/2)*2:h=trunc(min(1080\\,ih)/2)*2,setsar=1"))
        #expect(!text.contains("tonemap"))
    }

    @Test(arguments: [VideoTransfer.hlg, .pq])
    func hdrIsToneMappedToBT709(_ transfer: VideoTransfer) {
        let text = commands(transfer: transfer).transcode("in.mov", to: .mp4, destination: "o.mp4")
            .joined(separator: " ")
        #expect(
            text.contains("zscale=t=linear:npl=100,format=gbrpf32le,zscale=p=bt709,tonemap=tonemap=hable"))
        #expect(text.contains("-color_primaries bt709 -color_trc bt709 -colorspace bt709"))
    }

    @Test func aSilentClipGetsNoAudioTrack() {
        let text = commands(audio: false).transcode("in.mov", to: .mp4, destination: "o.mp4").joined(
            separator: " ")
        #expect(text.contains("-an"))
        #expect(!text.contains("-c:a"))
    }

    @Test func webMIsVP9AndOpusAtTheSettingsHeight() {
        var settings = VideoSettings()
        settings.maxHeight = 720
        settings.crf = 20
        let text = commands(settings: settings).transcode("in.mov", to: .webm, destination: "o.webm")
            .joined(separator: " ")
        #expect(text.contains("-c:v libvpx-vp9 -crf 28 -b:v 0"))
        #expect(text.contains("-c:a libopus"))
        #expect(text.contains("min(720\\,ih)"))
        #expect(text.contains("-f webm"))
    }

    @Test func thePosterSkipsBlackFramesUnlessATimeIsGiven() {
        let first = commands().poster("in.mov", at: nil, skipBlack: true, destination: "p.png")
            .joined(separator: " ")
        #expect(first.contains("blackframe=amount=0:threshold=32,metadata=select"))
        #expect(first.contains("-frames:v 1"))
        let timed = commands().poster("in.mov", at: 2.5, skipBlack: true, destination: "p.png")
        #expect(timed.joined(separator: " ").contains("-ss 2.5 -i in.mov"))
        #expect(!timed.joined(separator: " ").contains("blackframe"))
    }

    @Test func theFingerprintNamesEverySettingThatShapesTheFiles() {
        var settings = VideoSettings()
        #expect(settings.fingerprint == "height=1080;crf=23;formats=mp4")
        settings.formats = [.webm, .mp4]
        settings.enabled = false
        #expect(settings.fingerprint == "height=1080;crf=23;formats=webm,mp4")
    }
}
