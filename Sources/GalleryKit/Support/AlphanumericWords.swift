/// The letters and digits of an ASCII name, lower case, with each run of anything else between
/// them as one hyphen: `IMG_0042 (2).JPG` gives `img-0042-2-jpg`. The byte loop behind slugs
/// (``Slug``) and the CSS names of Ken Burns plans and view transitions, for the names nearly
/// every site has: 10,000 photos' names without Unicode decomposition.
enum AlphanumericWords {
    /// The words of `name`, hyphenated; nil when the name is not ASCII (its caller then takes
    /// its Unicode path, which may spell a letter out or drop an accent).
    static func hyphenated(_ name: String) -> String? {
        guard name.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(name.utf8.count)
        var pendingHyphen = false
        for var byte in name.utf8 {
            if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { byte += 32 }
            let kept =
                (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            guard kept else {
                pendingHyphen = true
                continue
            }
            if pendingHyphen && !bytes.isEmpty { bytes.append(UInt8(ascii: "-")) }
            pendingHyphen = false
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
