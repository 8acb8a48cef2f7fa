@testable import GalleryKit

extension TemplateValue {
    /// The value at a dotted path (`meta.canonical`, `photos.0.image.src`), or nil.
    func at(_ path: String) -> TemplateValue? {
        var current: TemplateValue = self
        for key in path.split(separator: ".").map(String.init) {
            switch current {
            case .dictionary(let dictionary):
                guard let next = dictionary[key] else { return nil }
                current = next
            case .array(let array):
                guard let index = Int(key), array.indices.contains(index) else { return nil }
                current = array[index]
            default:
                return nil
            }
        }
        return current
    }

    /// The string at a dotted path, or nil.
    func string(_ path: String) -> String? {
        if case .string(let text)? = at(path) { return text }
        return nil
    }

    /// The number of elements of the array at a dotted path (0 when absent).
    func count(_ path: String) -> Int {
        if case .array(let array)? = at(path) { return array.count }
        return 0
    }
}
