import Foundation

/// The system's words for an errno value (the current `errno` by default), for messages.
func errnoText(_ code: Int32 = errno) -> String {
    String(cString: strerror(code))
}

/// True when the process `pid` is known to have exited: how galleryc recognises folders and
/// files left behind by a build that was killed.
func processHasExited(_ pid: Int32) -> Bool {
    kill(pid, 0) != 0 && errno == ESRCH
}
