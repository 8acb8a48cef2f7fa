/// The live-reload client: served at `/_galleryc/live.js` and referenced from every HTML
/// response by a tag the server inserts before `</body>` (the files on disk never contain it).
enum LiveReloadScript {
    static let path = "/_galleryc/live.js"
    static let eventsPath = "/_galleryc/events"
    static let tag = "<script src=\"\(path)\" defer></script>"

    /// ``tag`` as bytes.
    static let tagBytes = Array(tag.utf8)
    private static let needle = Array("</body>".utf8)

    /// Inserts ``tag`` before the last `</body>` (any case), or appends it when there is none.
    /// (Pages read from disk get the same bytes from ``InjectedHTML``, without being read whole.)
    static func inject(into html: [UInt8]) -> [UInt8] {
        if html.count >= needle.count {
            var start = html.count - needle.count
            while start >= 0 {
                if matchesIgnoringCase(html, at: start, needle) {
                    return Array(html[..<start]) + tagBytes + Array(html[start...])
                }
                start -= 1
            }
        }
        return html + tagBytes
    }

    /// Where ``inject(into:)`` would put the tag in a document of `length` bytes: the offset of
    /// the last `</body>` (any case), or `length` when there is none. The document is read
    /// backwards, `chunkSize` bytes at a time (plus the few bytes a tag split between two
    /// chunks needs), so a normal page costs one read of its end and memory stays at one chunk.
    /// - Parameter read: returns the bytes at an offset (fewer only at the end); nil on error.
    /// - Returns: the offset, or nil when `read` failed.
    static func insertionOffset(
        length: UInt64, chunkSize: Int = 65_536, read: (_ offset: UInt64, _ count: Int) -> [UInt8]?
    ) -> UInt64? {
        let chunk = UInt64(max(1, chunkSize))
        let overlap = UInt64(needle.count - 1)
        var end = length
        while end > 0 {
            let start = end > chunk ? end - chunk : 0
            // Matches starting in start..<end; the overlap reaches into the chunk after it.
            let readEnd = min(length, end + overlap)
            guard let bytes = read(start, Int(readEnd - start)), bytes.count == Int(readEnd - start) else {
                return nil
            }
            var position = Int(end - start) - 1
            while position >= 0 {
                if position + needle.count <= bytes.count, matchesIgnoringCase(bytes, at: position, needle) {
                    return start + UInt64(position)
                }
                position -= 1
            }
            end = start
        }
        return length
    }

    private static func matchesIgnoringCase(_ bytes: [UInt8], at start: Int, _ needle: [UInt8]) -> Bool {
        for offset in 0..<needle.count {
            var byte = bytes[start + offset]
            if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { byte += 32 }
            if byte != needle[offset] { return false }
        }
        return true
    }

    /// Listens to the event stream: `reload` reloads the page, `css` swaps same-origin
    /// stylesheets, `error` shows an overlay (role="alert", styled from here so pages need no
    /// inline script or style) listing each diagnostic, `ok` removes it.
    static let source = """
        (() => {
          "use strict";
          const OVERLAY_ID = "galleryc-error-overlay";
          const source = new EventSource("\(eventsPath)");
          const removeOverlay = () => {
            const old = document.getElementById(OVERLAY_ID);
            if (old) old.remove();
          };
          const style = (element, rules) => Object.assign(element.style, rules);
          const showOverlay = (diagnostics) => {
            removeOverlay();
            const overlay = document.createElement("div");
            overlay.id = OVERLAY_ID;
            overlay.setAttribute("role", "alert");
            style(overlay, {
              position: "fixed", inset: "0", zIndex: "2147483647", overflow: "auto",
              margin: "0", padding: "2rem", boxSizing: "border-box",
              background: "rgba(24, 24, 27, 0.96)", color: "#fafafa",
              font: "15px/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace",
              textAlign: "left"
            });
            const heading = document.createElement("h2");
            heading.textContent = "galleryc: the build failed";
            style(heading, { margin: "0 0 1rem", font: "bold 1.25rem/1.3 system-ui, sans-serif",
                             color: "#fca5a5" });
            const list = document.createElement("ul");
            style(list, { margin: "0 0 1.5rem", padding: "0", listStyle: "none" });
            for (const d of diagnostics) {
              const item = document.createElement("li");
              style(item, { padding: "0.5rem 0", borderBottom: "1px solid #3f3f46",
                            whiteSpace: "pre-wrap", wordBreak: "break-word" });
              const where = document.createElement("strong");
              where.textContent = d.location + ": ";
              style(where, { color: "#fde68a" });
              item.append(where, d.severity + ": " + d.message);
              list.append(item);
            }
            const note = document.createElement("p");
            note.textContent = "The last good version is still served. Fix the file and save: this page updates by itself.";
            style(note, { margin: "0 0 1rem", color: "#d4d4d8", fontFamily: "system-ui, sans-serif" });
            const dismiss = document.createElement("button");
            dismiss.type = "button";
            dismiss.textContent = "Dismiss";
            style(dismiss, { font: "inherit", padding: "0.4rem 1rem", color: "#18181b",
                             background: "#fafafa", border: "0", borderRadius: "4px", cursor: "pointer" });
            dismiss.addEventListener("click", removeOverlay);
            overlay.append(heading, list, note, dismiss);
            document.body.append(overlay);
          };
          source.addEventListener("reload", () => location.reload());
          // galleryc's stylesheets carry a content hash in their names, so the new page names
          // a new file: read the hrefs from a fresh copy of the page, and only re-fetch the
          // same href (with a stamp) when the name did not change.
          const swapStylesheets = async () => {
            let fresh;
            try {
              const response = await fetch(location.href, { cache: "no-store" });
              fresh = new DOMParser().parseFromString(await response.text(), "text/html");
            } catch (_) { location.reload(); return; }
            const selector = 'link[rel~="stylesheet"]';
            const current = [...document.querySelectorAll(selector)];
            const next = [...fresh.querySelectorAll(selector)];
            if (current.length !== next.length) { location.reload(); return; }
            const stamp = String(Date.now());
            current.forEach((link, index) => {
              const url = new URL(next[index].getAttribute("href"), location.href);
              if (url.origin !== location.origin) return;
              if (url.pathname === new URL(link.href, location.href).pathname) {
                url.searchParams.set("galleryc", stamp);
              }
              const replacement = link.cloneNode();
              replacement.href = url.href;
              replacement.addEventListener("load", () => link.remove());
              replacement.addEventListener("error", () => replacement.remove());
              link.after(replacement);
            });
          };
          source.addEventListener("css", () => { swapStylesheets(); });
          source.addEventListener("error", (event) => {
            if (!(event instanceof MessageEvent)) return;
            try { showOverlay(JSON.parse(event.data)); } catch (_) { showOverlay([]); }
          });
          source.addEventListener("ok", removeOverlay);
        })();

        """
}
