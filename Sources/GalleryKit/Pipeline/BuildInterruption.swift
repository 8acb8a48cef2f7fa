/// What a process about to end at once (a second Ctrl-C) does first, so that nothing of its
/// builds outlives it: every ffmpeg and ffprobe it started is killed with its process group
/// and waited for, then every temporary folder is removed (``TemporaryFolders``: the cache's
/// work folders, the staging folder beside the output and a previous site not yet stashed).
/// The output folder itself is never touched: a site is only ever swapped in whole, and the
/// swap and this removal never overlap.
public enum BuildInterruption {
    /// Stops every child and removes every temporary folder; call it, then `_exit`.
    public static func cleanUpBeforeExit() {
        ChildProcess.stopAllBeforeExit()
        TemporaryFolders.shared.removeAllBeforeExit()
    }
}
