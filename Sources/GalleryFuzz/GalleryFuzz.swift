import GalleryKit

#if canImport(Glibc)
    import Glibc
#endif

/// Runs one fuzz input. The first byte chooses the parser (its low two bits: 0 image file,
/// 1 EXIF APP1 payload, 2 Markdown front matter, 3 site.yml) and, for JPEG, the DCT scale (the
/// next three bits, plus one); the rest of the input is the file.
func runFuzzInput(_ input: UnsafeBufferPointer<UInt8>) -> Int {
    guard let selector = input.first else { return 0 }
    let file = Array(input.dropFirst())
    switch selector & 3 {
    case 0: return FuzzEntryPoints.image(file, scale: Int((selector >> 2) & 7) + 1)
    case 1: return FuzzEntryPoints.exif(file)
    case 2: return FuzzEntryPoints.frontMatter(String(decoding: file, as: UTF8.self))
    default: return FuzzEntryPoints.siteConfig(String(decoding: file, as: UTF8.self))
    }
}

#if GALLERYC_FUZZ
    internal import CLibFuzzer

    /// libFuzzer's entry point: one input per call.
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
        _ = runFuzzInput(UnsafeBufferPointer(start: data, count: size))
        return 0
    }

    /// Hands the command line to libFuzzer's driver (`-max_len=`, `-runs=`, corpus folders...).
    @main
    enum GalleryFuzzDriver {
        static func main() {
            var argc = CommandLine.argc
            var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
            exit(
                LLVMFuzzerRunDriver(&argc, &argv) { data, size in
                    guard let data else { return 0 }
                    return fuzz(data, size)
                })
        }
    }
#else
    /// Without the fuzzer: replays the inputs named on the command line (crash reproducers,
    /// seeds) through the same entry points, one line per file.
    @main
    enum GalleryFuzzReplay {
        static func main() {
            var failed = false
            for path in CommandLine.arguments.dropFirst() {
                guard let bytes = readFile(path) else {
                    print("\(path): cannot read")
                    failed = true
                    continue
                }
                let digest = bytes.withUnsafeBufferPointer(runFuzzInput)
                print("\(path): \(bytes.count) bytes, ok (\(digest))")
            }
            exit(failed ? 1 : 0)
        }

        static func readFile(_ path: String) -> [UInt8]? {
            guard let file = fopen(path, "rb") else { return nil }
            defer { fclose(file) }
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = fread(&chunk, 1, chunk.count, file)
                if count <= 0 { break }
                bytes += chunk[0..<count]
            }
            return ferror(file) == 0 ? bytes : nil
        }
    }
#endif
