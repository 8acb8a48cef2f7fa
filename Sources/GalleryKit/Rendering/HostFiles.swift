/// Files static hosts read at the site root, so the output is ready to upload as it is
/// (`publish.headers: false` leaves them out).
///
/// - `_headers` (Netlify and Cloudflare Pages): renditions (`/_img/`) and theme assets
///   (`/assets/`) have content-hashed names, so they are cached for a year and never
///   revalidated. Pages are left to the hosts' default, which revalidates every time (both set
///   `max-age=0, must-revalidate` on everything else): a second rule for `/*` would also match
///   the hashed files, and both hosts would then send two Cache-Control values.
/// - `.nojekyll` (GitHub Pages): without it, Jekyll would drop the `_img/` folder (it skips
///   names starting with `_`).
enum HostFiles {
    static let immutable = "public, max-age=31536000, immutable"

    static let headers = """
        # Written by galleryc (publish.headers in site.yml). Netlify and Cloudflare Pages read it.
        # Renditions and theme assets have content-hashed names: cache them for a year.
        # Pages keep the host's default, revalidated on every visit.
        /_img/*
          Cache-Control: \(immutable)
        /assets/*
          Cache-Control: \(immutable)

        """

    static var files: [OutputFile] {
        [OutputFile(path: "_headers", text: headers), OutputFile(path: ".nojekyll", text: "")]
    }
}
