/// What a process about to end at once (a second Ctrl-C) does first, so that nothing of its
/// builds outlives it: every ffmpeg and ffprobe it started is killed with its process group
/// and waited for, then every temporary folder in the cache is removed
/// (``TemporaryFolders``). The output folder needs nothing: a site is only ever swapped in
/// whole, and a staging folder left beside it carries galleryc's marker, so the next build
/// removes it.
public enum BuildInterruption {
    /// Stops every child and removes every temporary folder; call it, then `_exit`.
    public static func cleanUpBeforeExit() {
        ChildProcess.stopAllBeforeExit()
        TemporaryFolders.shared.removeAllBeforeExit()
    }
}
