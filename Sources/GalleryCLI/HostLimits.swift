import GalleryKit

/// What static hosts refuse, as they publish it, for the notes after a large site's build:
/// better to read it here than in a failed deploy.
enum HostLimits {
    static let gigabyte: Int64 = 1_000_000_000
    /// GitHub Pages: "Published GitHub Pages sites may be no larger than 1 GB"; GitLab Pages
    /// takes 1 GB by default.
    static let pagesSiteBytes = gigabyte
    /// Cloudflare Pages: 20,000 files per site on the free plan (100,000 on paid plans).
    static let cloudflareFreeFiles = 20_000
    static let cloudflarePaidFiles = 100_000
    /// Cloudflare Pages: 25 MiB per file.
    static let cloudflareFileBytes: Int64 = 25 * 1_048_576
    /// GitLab Pages: 200,000 entries per site.
    static let gitlabFiles = 200_000

    /// One line per limit the site is past, naming the host and what it refuses.
    static func notes(_ summary: BuildSummary) -> [String] {
        var notes: [String] = []
        let files = DiagnosticGrouping.grouped(summary.siteFileCount)
        if summary.siteByteCount > pagesSiteBytes {
            notes.append(
                "the site is \(byteCountText(summary.siteByteCount)): GitHub Pages publishes sites of at most 1 GB, "
                    + "and GitLab Pages takes 1 GB by default; smaller `images.widths` or fewer formats make it smaller"
            )
        }
        if summary.siteFileCount > cloudflarePaidFiles {
            notes.append(
                "the site has \(files) files: Cloudflare Pages takes at most 100,000 (20,000 on its free plan)"
            )
        } else if summary.siteFileCount > cloudflareFreeFiles {
            notes.append(
                "the site has \(files) files: Cloudflare Pages takes at most 20,000 on its free plan "
                    + "(100,000 on paid plans)")
        }
        if summary.siteFileCount > gitlabFiles {
            notes.append("the site has \(files) files: GitLab Pages takes at most 200,000")
        }
        if let largest = summary.largestFile, largest.byteCount > cloudflareFileBytes {
            notes.append(
                "\(largest.path) is \(byteCountText(largest.byteCount)): Cloudflare Pages refuses files over 25 MiB"
            )
        }
        return notes
    }

    /// `2.4 MB`, `1.1 GB`.
    static func byteCountText(_ bytes: Int64) -> String {
        switch bytes {
        case ..<1_000_000: "\(max(1, (bytes + 500) / 1_000)) kB"
        case ..<1_000_000_000: "\((bytes + 500_000) / 1_000_000) MB"
        default: "\(Double((bytes + 50_000_000) / 100_000_000) / 10) GB"
        }
    }
}
