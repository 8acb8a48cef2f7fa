/// Hands out slugs unique within one folder: photos, sub-albums and pages share a URL space, so
/// the second `a` becomes `a-2`, then `a-3`. Callers ask in sorted name order, which makes the
/// numbering the same on every run.
struct SlugAllocator {
    private var taken: Set<String>

    /// - Parameter reserved: slugs the output already uses at this level (`assets` at the root).
    init(reserved: Set<String> = []) {
        taken = reserved
    }

    /// A free slug for `name`; reports a note on `reporter` when it had to add a number.
    mutating func allocate(for name: String, fallback: String, reporter: IssueReporter) -> String {
        let base = Slug.make(from: name, fallback: fallback)
        var slug = base
        var counter = 2
        while taken.contains(slug) {
            slug = "\(base)-\(counter)"
            counter += 1
        }
        taken.insert(slug)
        if slug != base { reporter.report(.slugTaken(base, using: slug)) }
        return slug
    }
}
