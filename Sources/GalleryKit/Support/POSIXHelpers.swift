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

/// What went wrong with a file operation, in the system's words ("No space left on device",
/// "Permission denied"): the text every admin greps for, where Foundation's own wording
/// ("There isn't enough space") would say it differently on every platform.
func fileErrorText(_ error: any Error) -> String {
    if let error = error as? POSIXError { return errnoText(error.code.rawValue) }
    let error = error as NSError
    if error.domain == NSPOSIXErrorDomain { return errnoText(Int32(error.code)) }
    if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError,
        underlying.domain == NSPOSIXErrorDomain
    {
        return errnoText(Int32(underlying.code))
    }
    if let code = posixCode(forCocoaCode: error.code), error.domain == NSCocoaErrorDomain {
        return errnoText(code)
    }
    return error.localizedDescription
}

/// The errno a Cocoa file error without an underlying POSIX error stands for.
private func posixCode(forCocoaCode code: Int) -> Int32? {
    switch CocoaError.Code(rawValue: code) {
    case .fileWriteOutOfSpace: ENOSPC
    case .fileWriteNoPermission, .fileReadNoPermission: EACCES
    case .fileNoSuchFile, .fileReadNoSuchFile: ENOENT
    case .fileWriteVolumeReadOnly: EROFS
    case .fileWriteFileExists: EEXIST
    case .fileReadTooLarge: EFBIG
    default: nil
    }
}
