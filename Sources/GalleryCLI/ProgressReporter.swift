import GalleryKit
import Synchronization

/// Shows image-stage and video-stage progress on stderr: on a terminal one line redrawn with
/// `\r`, otherwise a plain line each time another tenth of the photos (or of the seconds of
/// video to transcode) is done. Silent when `enabled` is false. Called from any worker thread.
final class ProgressReporter: Sendable {
    private let console: Console
    private let enabled: Bool
    private let state = Mutex(State())

    private struct State {
        var done = 0
        var lastTenth = 0
        var lineDrawn = false
        var videoPercent = -1
        var videoLastTenth = 0
    }

    /// Creates a reporter writing to `console.writeError`.
    init(console: Console, enabled: Bool) {
        self.console = console
        self.enabled = enabled
    }

    /// Records progress; reports arriving out of order never move the count backwards.
    func report(_ progress: BuildProgress) {
        guard enabled else { return }
        if progress.videoSecondsTotal > 0 {
            state.withLock { state in
                guard let text = nextVideoLine(&state, progress) else { return }
                console.writeError(text)
            }
            return
        }
        guard progress.photosTotal > 0 else { return }
        let total = progress.photosTotal
        // Written under the lock so that lines from different workers never arrive out of order.
        state.withLock { state in
            guard let text = nextLine(&state, progress.photosDone, total) else { return }
            console.writeError(text)
        }
    }

    private func nextLine(_ state: inout State, _ done: Int, _ total: Int) -> String? {
        do {
            guard done > state.done else { return nil }
            state.done = min(done, total)
            let line = "Processing photos: \(state.done)/\(total)"
            if console.errorIsTerminal {
                state.lineDrawn = true
                return "\r\(line)\u{1B}[K"
            }
            let tenth = state.done * 10 / total
            guard tenth > state.lastTenth else { return nil }
            state.lastTenth = tenth
            return "\(line) (\(tenth * 10)%)\n"
        }
    }

    /// `Transcoding videos: 42%`: the seconds of video done against those to do.
    private func nextVideoLine(_ state: inout State, _ progress: BuildProgress) -> String? {
        let fraction = min(1, max(0, progress.videoSecondsDone / progress.videoSecondsTotal))
        let percent = Int(fraction * 100)
        guard percent > state.videoPercent else { return nil }
        state.videoPercent = percent
        let line = "Transcoding videos: \(percent)%"
        if console.errorIsTerminal {
            state.lineDrawn = true
            return "\r\(line)\u{1B}[K"
        }
        let tenth = percent / 10
        guard tenth > state.videoLastTenth else { return nil }
        state.videoLastTenth = tenth
        return "\(line)\n"
    }

    /// Clears the redrawn line so that diagnostics and the summary start on a clean line.
    func finish() {
        let drawn = state.withLock { state in
            defer { state.lineDrawn = false }
            return state.lineDrawn
        }
        if drawn { console.writeError("\r\u{1B}[K") }
    }
}
