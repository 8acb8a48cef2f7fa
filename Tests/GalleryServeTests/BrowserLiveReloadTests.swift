import Foundation
import GalleryKit
import Testing

@testable import GalleryServe

/// The live-reload script in headless Chromium: overlay, reload and stylesheet swap.
@Suite(.enabled(if: WebDriver.isAvailable, "needs chromium and chromedriver"))
struct BrowserLiveReloadTests {
    @Test func overlayReloadAndStylesheetSwapInABrowser() async throws {
        let fixture = try SiteFixture()
        let page = """
            <!doctype html><html lang="en"><head><title>Live</title>
            <link rel="stylesheet" href="/style.css"></head><body><main><h1>Live</h1></main></body></html>
            """
        try Data(page.utf8).write(to: fixture.site.appendingPathComponent("live.html"))
        let server = try fixture.startServer()
        defer { server.stop() }
        let browser = try await WebDriver()
        do {
            try await check(browser, server)
        } catch {
            await browser.quit()
            throw error
        }
        await browser.quit()
    }

    private func waitForStream(_ server: PreviewServer, count: Int) async throws {
        for _ in 0..<400 where server.liveReloadClientCount < count {
            try await Task.sleep(for: .milliseconds(25))
        }
        #expect(server.liveReloadClientCount >= count)
    }

    private func check(_ browser: WebDriver, _ server: PreviewServer) async throws {
        try await browser.open(server.url + "live.html")
        try await waitForStream(server, count: 1)
        _ = try await browser.run("window.__marker = 'same page'; return true;")

        let diagnostic = Diagnostic(
            .error, SourceLocation(file: "blog/post.md", line: 4, column: 2), "title missing")
        server.publish(.failed([diagnostic]))
        let overlay = try await browser.waitFor(
            "const o = document.querySelector('[role=alert]'); return o ? o.textContent : null;")
        let text = try #require(overlay as? String)
        #expect(text.contains("blog/post.md:4:2: error: title missing"))

        server.publish(.built())
        let reloaded = try await browser.waitFor(
            """
            return (window.__marker === undefined && document.readyState === 'complete'
                && !document.querySelector('[role=alert]')) ? true : null;
            """)
        #expect(reloaded as? Bool == true)

        try await waitForStream(server, count: 1)
        _ = try await browser.run("window.__marker = 'same page'; return true;")
        server.publish(.built(changedFiles: ["style.css"]))
        let swapped = try await browser.waitFor(
            """
            const links = [...document.querySelectorAll('link[rel=stylesheet]')];
            return links.length === 1 && links[0].href.includes('galleryc=') ? window.__marker : null;
            """)
        #expect(swapped as? String == "same page")
    }
}
