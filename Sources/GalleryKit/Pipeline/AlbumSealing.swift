import Foundation

/// ``BuildPhase/seal``: the password-protected albums' files sealed in the staging folder.
///
/// After the image, video, Live Photo and ZIP phases have put every file in place, each file
/// of a protected album's photos (renditions, original, clip, poster, Live Photo movie) and
/// its ZIP is checked for GPS positions like any published file, then sealed with its
/// protection root's key (``AlbumKey``) into `_sealed/<HMAC of its path>`, and the plaintext
/// file is removed from the staging folder (unless a public photo has the very same file:
/// two photos with the same bytes share renditions). The pages are sealed by the renderer
/// (``PageSealer``). Nonces and salts come from the cache's `sealing.json` for bytes sealed
/// before with the same key (``NonceBook``), so a stable build publishes the same bytes.
///
/// A sealed file is read twice (its hash picks its nonce, then it is encrypted in 1 MiB
/// pieces: a ZIP of gigabytes is never in memory) and written once, into the cache's
/// `sealed/` folder under a name made of what made it (``SealedSite/fingerprint(check:made:)``
/// and its path), and linked into the staging folder like a rendition. A later build with the
/// same key and the same cache entries links it again, unread, and its plaintext is not
/// scanned again when an earlier build scanned that cache entry clean: an edit elsewhere
/// costs a protected album the links alone. ZIPs, which have no cache entry, and builds
/// without a cache seal into the staging folder on every build.
extension BuildRun {
    /// The sealed site and the GPS positions found in the plaintext of what it sealed; nil
    /// when the build was cancelled meanwhile. A file that cannot be sealed stops the build:
    /// a protected album is published sealed or not at all.
    func seal(
        _ site: Site, images: Images, downloads: AlbumDownloads, into staging: OutputWriter
    ) async throws(BuildFailed) -> (sealed: SealedSite, leaks: [GPSLeak])? {
        let albums = site.root.allAlbums
        var protections: [String: AlbumProtection] = [:]
        for protection in albums.compactMap(\.protection) + site.pages.compactMap(\.protection) {
            protections[protection.root] = protection
        }
        guard !protections.isEmpty else { return (SealedSite(), []) }
        let book = NonceBook(previous: images.cache?.sealingRecord() ?? SealingRecord())
        let roots = protections.values.sorted { $0.root < $1.root }
        let workers = workers
        return try await phases.measure(.seal) { () async throws(BuildFailed) -> (SealedSite, [GPSLeak])? in
            let deriving = workers.makeGroup()
            let derived = Locked<[String: AlbumKey]>([:])
            deriving.add {
                let keys = AlbumKeys.derive(roots, book: book, workers: workers)
                derived.withLock { $0 = keys }
            }
            await deriving.finished()
            let keys = derived.withLock { $0 }

            // What each root seals, and what public photos publish (kept whatever is sealed).
            var jobs: [(root: String, path: String)] = []
            var publicPaths: Set<String> = []
            var sealed = SealedSite(keys: keys, book: book)
            sealed.embedsKeys = options.embedsAlbumKeys
            for album in albums {
                let paths = Self.publishedPaths(of: album, images: images, downloads: downloads)
                if let root = album.protection?.root {
                    jobs += paths.map { (root, $0) }
                    sealed.sources.formUnion(album.photos.map(\.sourcePath))
                    if let zip = downloads.byAlbum[album.sourcePath] { sealed.zips.insert(zip.path) }
                } else {
                    publicPaths.formUnion(paths)
                }
            }
            // Each file's copy in the cache, named by what made it (none for a ZIP).
            let cached: [String?] = jobs.map { owner, path in
                guard let cache = images.cache, let key = keys[owner],
                    let print = SealedSite.fingerprint(
                        check: key.check, made: (images.output.cacheKeys[path] ?? []).map(\.hex))
                else { return nil }
                return cache.sealedCopy(of: path, madeBy: print)
            }
            let scanner = GPSLeakScanner(sourceCoordinates: images.output.sourceCoordinates)
            let knownClean = images.knownClean
            let leaks: [GPSLeak]
            do {
                leaks = try await scanner.scanOutput(
                    directory: staging.stagingDirectory,
                    paths: Set(jobs.map(\.path)).filter { !knownClean($0) }.sorted(),
                    workers: workers)
            } catch {
                return nil
            }
            let root = staging.stagingDirectory.path
            let jobList = jobs
            let made: [Result<SealedSite.File, OutputError>]
            do {
                made = try await workers.map(jobs.count) { index in
                    let (owner, path) = jobList[index]
                    guard let key = keys[owner] else {
                        return .failure(OutputError(.io(operation: "seal", detail: "no key"), file: path))
                    }
                    return Result { () throws(OutputError) in
                        try Self.sealFile(path, in: root, key: key, book: book, cached: cached[index])
                    }
                }
            } catch {
                return nil
            }
            for ((owner, path), result) in Swift.zip(jobs, made) {
                switch result {
                case .success(let file): sealed.files[owner, default: [:]][path] = file
                case .failure(let error): throw stop(error)
                }
            }
            for path in Set(jobs.map(\.path)).subtracting(publicPaths) { _ = unlink(root + "/" + path) }
            return (sealed, leaks)
        }
    }

    /// Every file the album's photos publish, and its ZIP.
    private static func publishedPaths(of album: Album, images: Images, downloads: AlbumDownloads) -> [String]
    {
        var paths: [String] = []
        for photo in album.photos {
            images.derivatives[photo.sourcePath]?.forEachPublishedFile { path, _ in paths.append(path) }
        }
        if let zip = downloads.byAlbum[album.sourcePath] { paths.append(zip.path) }
        return paths
    }

    /// Seals the staging folder's `path` into its sealed copy: `nonce ‖ ciphertext ‖ tag`,
    /// written beside its destination and renamed into place. With `cached` (the copy's path
    /// in the cache), the copy is made there once and linked into the staging folder; an
    /// existing one is linked, unread.
    private static func sealFile(
        _ path: String, in root: String, key: AlbumKey, book: NonceBook, cached: String?
    ) throws(OutputError) -> SealedSite.File {
        let sealedPath = key.sealedPath(of: path)
        let destination = root + "/" + sealedPath
        func failed(_ operation: String, _ detail: String) -> OutputError {
            OutputError(.io(operation: operation, detail: detail), file: path)
        }
        try? FileManager.default.createDirectory(
            atPath: root + "/" + AlbumKey.folder, withIntermediateDirectories: true)
        guard let cached else {
            let size = try write(path, in: root, to: destination, key: key, book: book)
            return SealedSite.File(path: sealedPath, byteCount: size)
        }
        var info = stat()
        if stat(cached, &info) != 0 {
            try? FileManager.default.createDirectory(
                atPath: (cached as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            _ = try write(path, in: root, to: cached, key: key, book: book)
            guard stat(cached, &info) == 0 else {
                throw failed("keep the sealed file in the cache", errnoText())
            }
        }
        _ = unlink(destination)
        // A cache on another file system: a copy instead of a link.
        if link(cached, destination) != 0 {
            do {
                try FileManager.default.copyItem(atPath: cached, toPath: destination)
            } catch {
                throw failed("write the sealed file", "\(error)")
            }
        }
        return SealedSite.File(path: sealedPath, byteCount: Int64(info.st_size))
    }

    /// Encrypts the staging folder's `path` into `destination` (through a `.part` file);
    /// returns the sealed size.
    private static func write(
        _ path: String, in root: String, to destination: String, key: AlbumKey, book: NonceBook
    ) throws(OutputError) -> Int64 {
        let piece = 1 << 20
        func failed(_ operation: String, _ detail: String) -> OutputError {
            OutputError(.io(operation: operation, detail: detail), file: path)
        }
        let reader: FileReader
        do {
            reader = try FileReader(path: root + "/" + path)
        } catch {
            throw failed("read the file to seal it", "\(error)")
        }
        var hasher = SHA256()
        var offset: Int64 = 0
        while offset < reader.size {
            guard let bytes = try? reader.read(at: offset, count: piece), !bytes.isEmpty else {
                throw failed("read the file to seal it", "it shrank while it was read")
            }
            hasher.update(bytes)
            offset += Int64(bytes.count)
        }
        let nonce = book.nonce(for: key, label: path, digest: SHA256.hexString(hasher.finalize()))
        let temporary = destination + ".part"
        _ = unlink(temporary)
        guard FileManager.default.createFile(atPath: temporary, contents: nil),
            let handle = FileHandle(forWritingAtPath: temporary)
        else { throw failed("write the sealed file", errnoText()) }
        var sealer = AESGCM.Sealer(key: key.key, nonce: nonce)
        do {
            defer { try? handle.close() }
            try handle.write(contentsOf: nonce)
            offset = 0
            while offset < reader.size {
                guard let bytes = try? reader.read(at: offset, count: piece), !bytes.isEmpty else {
                    throw failed("read the file to seal it", "it shrank while it was read")
                }
                try handle.write(contentsOf: bytes.withUnsafeBytes { sealer.update($0) })
                offset += Int64(bytes.count)
            }
            try handle.write(contentsOf: sealer.finish())
        } catch let error as OutputError {
            _ = unlink(temporary)
            throw error
        } catch {
            _ = unlink(temporary)
            throw failed("write the sealed file", "\(error)")
        }
        guard rename(temporary, destination) == 0 else {
            let detail = errnoText()
            _ = unlink(temporary)
            throw failed("write the sealed file", detail)
        }
        return AESGCM.sealedSize(of: reader.size)
    }
}
