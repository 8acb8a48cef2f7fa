import GalleryKit

/// Runs one build; the real one is `SiteBuilder.build`, tests pass a fake.
typealias SiteBuildFunction =
    @Sendable (BuildOptions, DiagnosticCollector, @escaping @Sendable (BuildProgress) -> Void) async throws
    -> BuildSummary

/// Runs the preview server until it is stopped; the real one lives in GalleryServe.
typealias SiteServeFunction = @Sendable (ServeRequest, DiagnosticCollector) async throws -> Void

/// Everything `galleryc serve` hands to the preview server.
struct ServeRequest: Sendable {
    /// The address to listen on (`127.0.0.1` unless `--host` says otherwise).
    var host: String
    /// The port to listen on.
    var port: Int
    /// The build each rebuild runs with.
    var options: BuildOptions
    /// Prints diagnostics compiler-style on stderr, as `galleryc build` does; for each rebuild.
    var printDiagnostics: @Sendable ([Diagnostic]) -> Void
    /// Writes one line of status (`Serving http://127.0.0.1:8000/`) to stderr.
    var log: @Sendable (String) -> Void
    /// Whether each rebuild also logs its phase timings (`GALLERYC_TIMINGS`).
    var showsTimings: Bool

    /// Creates a request.
    init(
        host: String, port: Int, options: BuildOptions,
        printDiagnostics: @escaping @Sendable ([Diagnostic]) -> Void = { _ in },
        log: @escaping @Sendable (String) -> Void = { _ in }, showsTimings: Bool = false
    ) {
        self.host = host
        self.port = port
        self.options = options
        self.printDiagnostics = printDiagnostics
        self.log = log
        self.showsTimings = showsTimings
    }
}
