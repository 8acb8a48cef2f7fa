internal import CFileSystem
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension OutputWriter {
    /// Swaps the staging folder in as the output folder and deletes the previous site. On
    /// failure the previous site stays in place and staging is removed.
    /// - Throws: ``OutputError`` when the output folder can no longer be replaced or a rename fails.
    func commit() throws(OutputError) {
        if let previous = try commit(keepingPrevious: true) {
            Self.removeSite(previous)
        }
    }

    /// ``commit()``, but the previous site is left in its folder beside the output (named like
    /// a staging folder) and returned instead of deleted, for the caller to delete later (in
    /// the background) or to recycle as the next build's staging folder.
    ///
    /// The swap is one atomic step, `renameat2(RENAME_EXCHANGE)`: at no moment is there no
    /// output folder, whenever the process is killed. Where the file system cannot exchange
    /// (EINVAL: some network and FUSE file systems), it falls back to two renames, and a later
    /// build puts the previous site back if one was killed between them
    /// (``recoverPreviousSite(of:)``).
    /// - Returns: where the previous site now is, or nil when there was none.
    @discardableResult
    func commit(keepingPrevious: Bool) throws(OutputError) -> URL? {
        try finish()
        do {
            try Self.checkReplaceable(outputDirectory, display: displayPathForErrors)
        } catch {
            removeStaging()
            throw error
        }
        // Under the lock of the temporary folders: a second Ctrl-C removes them, and must see
        // the staging folder either before the swap or after it.
        let swapped = try TemporaryFolders.shared.exclusively { () throws(OutputError) in try swap() }
        guard let previous = swapped else {
            throw OutputError(
                .io(operation: "swap the new site in", detail: "galleryc is ending"),
                file: displayPathForErrors)
        }
        if !keepingPrevious, let previous {
            Self.removeSite(previous)
            return nil
        }
        return previous
    }

    /// The renames of ``commit(keepingPrevious:)``; returns where the previous site now is.
    private func swap() throws(OutputError) -> URL? {
        var previous: URL?
        if FileManager.default.fileExists(atPath: outputDirectory.path) {
            if cfs_exchange(stagingDirectory.path, outputDirectory.path) == 0 {
                previous = stagingDirectory
            } else if errno == EINVAL || errno == ENOSYS {
                let old = try renameAside()
                TemporaryFolders.shared.recordSite(old.path, marker: Self.markerFileName)
                previous = old
            } else {
                let detail = errnoText()
                removeStaging()
                throw OutputError(
                    .io(operation: "swap the new site in", detail: detail), file: displayPathForErrors)
            }
        }
        if previous != stagingDirectory {
            guard rename(stagingDirectory.path, outputDirectory.path) == 0 else {
                let detail = errnoText()
                if let previous { _ = rename(previous.path, outputDirectory.path) }
                removeStaging()
                throw OutputError(
                    .io(operation: "move the new site into place", detail: detail),
                    file: displayPathForErrors)
            }
            // The staging folder is the output folder now: nothing of it is temporary.
            TemporaryFolders.shared.forget(stagingDirectory.path)
        }
        return previous
    }

    /// The first of the two renames, where the file system cannot exchange: the previous site
    /// moves to an `old` sibling.
    private func renameAside() throws(OutputError) -> URL {
        let old = Self.sibling(of: outputDirectory, kind: "old")
        guard rename(outputDirectory.path, old.path) == 0 else {
            let detail = errnoText()
            removeStaging()
            throw OutputError(
                .io(operation: "move the previous site aside", detail: detail), file: displayPathForErrors)
        }
        return old
    }

    /// When the output folder is missing but a build that is no longer running left the
    /// previous site beside it (killed between the two renames of a commit that could not
    /// exchange), puts that site back; the newest one when there are several.
    /// - Returns: true when a site was put back.
    static func recoverPreviousSite(of output: URL) -> Bool {
        guard !FileManager.default.fileExists(atPath: output.path) else { return false }
        let parent = output.deletingLastPathComponent()
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent.path) else {
            return false
        }
        let prefix = "\(output.lastPathComponent).galleryc-old-"
        var newest: (path: String, modified: Date)?
        for name in names where name.hasPrefix(prefix) {
            guard let pid = name.dropFirst(prefix.count).split(separator: "-").first.flatMap({ Int32($0) }),
                pid != getpid(), processHasExited(pid)
            else { continue }
            let path = parent.appendingPathComponent(name).path
            guard FileManager.default.fileExists(atPath: path + "/" + markerFileName),
                let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate]
                    as? Date
            else { continue }
            if newest.map({ modified > $0.modified }) ?? true { newest = (path, modified) }
        }
        guard let newest else { return false }
        return rename(newest.path, output.path) == 0
    }

    /// True when `folder` is a galleryc sibling of `output` with the marker (so recycling it
    /// can never take over a folder galleryc did not make).
    static func isRecyclable(_ folder: URL, output: URL) -> Bool {
        folder.deletingLastPathComponent().standardizedFileURL.path
            == output.deletingLastPathComponent().standardizedFileURL.path
            && staleSuffix(of: folder.lastPathComponent, output: output.lastPathComponent) != nil
            && FileManager.default.fileExists(atPath: folder.appendingPathComponent(markerFileName).path)
    }

    /// Removes the staging folder and leaves the output folder as it was. Safe to call more
    /// than once, after a failed ``commit()``, or after a successful one (then it does nothing).
    func abandon() {
        if (try? finish()) != nil { removeStaging() }
    }

    private func finish() throws(OutputError) {
        let wasFinished = state.withLock { state in
            defer { state.finished = true }
            return state.finished
        }
        if wasFinished { throw OutputError(.finished, file: displayPathForErrors) }
    }

    private func removeStaging() {
        Self.removeSite(stagingDirectory)
    }

    /// Deletes a site folder galleryc made (staging, previous, spare) with its marker last: a
    /// process killed halfway (a second Ctrl-C during the clean-up) leaves a folder that still
    /// says it is galleryc's, so a later build recognises it and finishes the job, instead of a
    /// half-deleted folder nobody may touch.
    static func removeSite(_ folder: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where name != markerFileName {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
        try? FileManager.default.removeItem(at: folder.appendingPathComponent(markerFileName))
        _ = rmdir(folder.path)
        TemporaryFolders.shared.forget(folder.path)
    }

    static let markerText = "This folder was written by galleryc; the next build replaces it whole.\n"

    /// Throws unless `directory` is missing, empty, or carries the galleryc marker.
    static func checkReplaceable(_ directory: URL, display: String) throws(OutputError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) else {
            return
        }
        guard isDirectory.boolValue else { throw OutputError(.notAFolder, file: display) }
        let marker = directory.appendingPathComponent(markerFileName).path
        if FileManager.default.fileExists(atPath: marker) { return }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? ["?"]
        if !entries.isEmpty { throw OutputError(.notCreatedByGalleryc, file: display) }
    }

    /// `public.galleryc-<kind>-<pid>-<random>` beside `output`; the process id lets a later
    /// build recognise folders left behind by a build that was killed.
    static func sibling(of output: URL, kind: String) -> URL {
        let random = String(UInt64.random(in: 0...UInt64.max), radix: 16)
        return output.deletingLastPathComponent().appendingPathComponent(
            "\(output.lastPathComponent).galleryc-\(kind)-\(getpid())-\(random)", isDirectory: true)
    }

    /// Deletes staging and old folders of `output` left by galleryc processes that no longer
    /// run (killed mid-build). Only folders named by galleryc and holding its marker qualify.
    static func removeStaleSiblings(of output: URL) {
        let parent = output.deletingLastPathComponent()
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent.path) else { return }
        for name in names {
            guard let rest = staleSuffix(of: name, output: output.lastPathComponent),
                let pid = rest.split(separator: "-").first.flatMap({ Int32($0) }),
                pid != getpid(), processHasExited(pid)
            else { continue }
            let folder = parent.appendingPathComponent(name)
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(markerFileName).path) {
                removeSite(folder)
            }
        }
    }

    private static func staleSuffix(of name: String, output: String) -> Substring? {
        for kind in ["new", "old"] {
            let prefix = "\(output).galleryc-\(kind)-"
            if name.hasPrefix(prefix) { return name.dropFirst(prefix.count) }
        }
        return nil
    }

    /// Creates `path` with `bytes` (replacing a file there), creating missing folders; returns
    /// why it failed, or nil.
    static func createFile(_ path: String, bytes: [UInt8]) -> String? {
        var descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        if descriptor < 0, errno == ENOENT {
            let folder = parentPath(path)
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                return fileErrorText(error)
            }
            descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        }
        guard descriptor >= 0 else { return errnoText() }
        defer { close(descriptor) }
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                #if canImport(Glibc)
                    return Glibc.write(descriptor, base + offset, buffer.count - offset)
                #else
                    return Darwin.write(descriptor, base + offset, buffer.count - offset)
                #endif
            }
            if count < 0 {
                if errno == EINTR { continue }
                return errnoText()
            }
            offset += count
        }
        return nil
    }
}
