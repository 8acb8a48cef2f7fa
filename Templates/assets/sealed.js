// galleryc: private albums. The pages of a password-protected album are published sealed
// (AES-256-GCM under a key derived from the password with PBKDF2-SHA256); this script, loaded
// by the lock page only, asks for the password, derives the key with WebCrypto, decrypts the
// page and puts it in place of the lock page, then decrypts the photos, clips and downloads
// it shows as the reader reaches them (blob: URLs). The key is kept for the browser session
// (sessionStorage), never the password. A ciphertext that fails authentication is refused.
// No inline script, no eval: a strict CSP holds (with blob: allowed for images and media).
(function () {
  "use strict";
  var box = document.querySelector("[data-gk-locked]");
  var sealed = document.querySelector("[data-gk-sealed]");
  if (!box || !sealed) return;
  var form = box.querySelector("[data-gk-unlock]");
  var status = box.querySelector("[data-gk-status]");
  var input = form.querySelector("input");
  var button = form.querySelector("button");
  var subtle = window.crypto && window.crypto.subtle;
  var salt = box.getAttribute("data-salt");
  var iterations = parseInt(box.getAttribute("data-iterations"), 10);
  var stored = "gk-key:" + salt;
  var key;
  var sizes = window.MutationObserver ? new MutationObserver(function (records) {
    records.forEach(function (record) { load(record.target); });
  }) : null;

  function each(list, fn) {
    Array.prototype.forEach.call(list, fn);
  }
  function say(text) {
    status.textContent = text;
  }
  function bytes(base64) {
    var text = atob(base64.replace(/\s+/g, ""));
    var out = new Uint8Array(text.length);
    for (var i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
    return out;
  }
  function base64(buffer) {
    var view = new Uint8Array(buffer);
    var text = "";
    for (var i = 0; i < view.length; i++) text += String.fromCharCode(view[i]);
    return btoa(text);
  }

  // --- Keys and ciphertexts: nonce (12 bytes), ciphertext, tag (16 bytes) --------------------
  function open(buffer) {
    var data = new Uint8Array(buffer);
    if (data.length < 28) return Promise.reject(new Error("not a sealed file"));
    return subtle.decrypt({ name: "AES-GCM", iv: data.subarray(0, 12) }, key, data.subarray(12));
  }
  function fetchOpen(url) {
    return fetch(url, { credentials: "same-origin" }).then(function (response) {
      if (!response.ok) throw new Error(response.status);
      return response.arrayBuffer();
    }).then(open);
  }
  function derive(password) {
    return subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, ["deriveBits"])
      .then(function (base) {
        return subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt: bytes(salt), iterations: iterations }, base, 256);
      });
  }
  // The page itself: its authentication is what tells a right password from a wrong one.
  function unlock(raw) {
    return subtle.importKey("raw", raw, "AES-GCM", false, ["decrypt"]).then(function (made) {
      key = made;
      return open(bytes(sealed.textContent));
    }).then(function (plain) {
      return JSON.parse(new TextDecoder().decode(plain));
    });
  }

  // --- The decrypted page in place of the lock page -------------------------------------------
  // The page of a payload, parsed, its own stylesheets adopted (they are not published: they
  // came with it, and a link to them is dropped).
  function parse(payload) {
    if (payload.css.length && "adoptedStyleSheets" in document) {
      document.adoptedStyleSheets = document.adoptedStyleSheets.concat(payload.css.map(function (css) {
        var sheet = new CSSStyleSheet();
        sheet.replaceSync(css);
        return sheet;
      }));
    }
    var doc = new DOMParser().parseFromString(payload.html, "text/html");
    each(doc.querySelectorAll('head link[rel="stylesheet"]'), function (link) {
      if (!document.querySelector('head link[rel="stylesheet"][href="' + link.getAttribute("href") + '"]')) link.remove();
    });
    return doc;
  }
  // For viewer.js, which fetches the neighbouring photo pages (lock pages of this album):
  // the page inside one, and its photos decrypted once it is on the strip.
  window.gkUnseal = function (other) {
    var data = other.querySelector("[data-gk-sealed]");
    return open(bytes(data.textContent)).then(function (plain) {
      return parse(JSON.parse(new TextDecoder().decode(plain)));
    });
  };
  window.gkReveal = function (node) {
    reveal(node, true);
  };
  function show(payload, typed) {
    var doc = parse(payload);
    document.title = doc.title;
    var body = document.importNode(doc.body, true);
    document.body.replaceWith(body);
    reveal(body);
    // The theme's scripts, in order, now that the page they work on is here.
    each(doc.head.querySelectorAll("script[src]"), function (old) {
      var script = document.createElement("script");
      script.src = old.getAttribute("src");
      script.async = false;
      document.head.appendChild(script);
    });
    var main = document.getElementById("main");
    if (typed && main) main.focus();
  }

  // --- Photos, clips and downloads, decrypted as they are needed ------------------------------
  function candidates(list) {
    return (list || "").split(",").map(function (item) {
      var parts = item.trim().split(/\s+/);
      return { url: parts[0], w: parseInt(parts[1], 10) || 0 };
    }).filter(function (item) { return item.url; }).sort(function (a, b) { return a.w - b.w; });
  }
  var usable = { "": 1, "image/webp": 1, "image/jpeg": 1, "image/png": 1, "image/gif": 1 };
  // A <picture>'s first source this browser takes (its media matches, its type is plain)
  // becomes the image's own list; the sources go, so that nothing loads behind our back.
  function prepare(img) {
    var picture = img.parentNode;
    if (picture && picture.nodeName === "PICTURE") {
      var chosen = null;
      each(picture.querySelectorAll("source[data-gk-srcset]"), function (source) {
        var media = source.getAttribute("media");
        if (!chosen && usable[source.getAttribute("type") || ""] && (!media || matchMedia(media).matches)) chosen = source;
        source.remove();
      });
      if (chosen) img.setAttribute("data-gk-srcset", chosen.getAttribute("data-gk-srcset"));
    }
    if (sizes) sizes.observe(img, { attributes: true, attributeFilter: ["sizes"] });
  }
  function pick(img) {
    var list = candidates(img.getAttribute("data-gk-srcset"));
    if (!list.length) return img.getAttribute("data-gk-src");
    var fixed = /^\d+(\.\d+)?px$/.test(img.getAttribute("sizes") || "") ? parseFloat(img.getAttribute("sizes")) : 0;
    var need = (fixed || img.getBoundingClientRect().width || img.width) * (window.devicePixelRatio || 1);
    for (var i = 0; i < list.length; i++) if (list[i].w >= need) return list[i].url;
    return list[list.length - 1].url;
  }
  function blob(plain, type) {
    return URL.createObjectURL(new Blob([plain], type ? { type: type } : {}));
  }
  function load(img) {
    var url = pick(img);
    if (!url || img.getAttribute("data-gk-shown") === url) return;
    img.setAttribute("data-gk-shown", url);
    // A file that fails (authentication, network) becomes an image that fails, so that
    // galleryc.js shows the frame's failed state whether it runs before or after this.
    fetchOpen(url).then(function (plain) {
      img.src = blob(plain);
    }, function () {
      img.src = "data:,";
    });
  }
  function play(video) {
    var poster = video.getAttribute("data-gk-poster");
    if (poster) fetchOpen(poster).then(function (plain) { video.poster = blob(plain); }, function () {});
    var chosen = null;
    each(video.querySelectorAll("source[data-gk-src]"), function (source) {
      if (!chosen && video.canPlayType(source.getAttribute("type") || "")) chosen = source;
      else source.remove();
    });
    if (!chosen) return;
    fetchOpen(chosen.getAttribute("data-gk-src")).then(function (plain) {
      chosen.src = blob(plain, chosen.getAttribute("type"));
      video.load();
    }, function () {});
  }
  // What `root` shows, decrypted as it nears the screen, or at once (`now`: a neighbour on
  // the viewer's strip, off the screen but about to slide in).
  function reveal(root, now) {
    var near = window.IntersectionObserver && !now ? new IntersectionObserver(function (entries) {
      entries.forEach(function (entry) {
        if (!entry.isIntersecting) return;
        near.unobserve(entry.target);
        if (entry.target.nodeName === "VIDEO") play(entry.target);
        else load(entry.target);
      });
    }, { rootMargin: "50% 0px" }) : null;
    each(root.querySelectorAll("img[data-gk-src], img[data-gk-srcset]"), function (img) {
      prepare(img);
      if (near) near.observe(img);
      else load(img);
    });
    each(root.querySelectorAll("video"), function (video) {
      if (!video.querySelector("[data-gk-src]") && !video.hasAttribute("data-gk-poster")) return;
      if (near) near.observe(video);
      else play(video);
    });
  }
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a[data-gk-file]");
    if (!link || !key) return;
    event.preventDefault();
    if (link.getAttribute("aria-busy")) return;
    link.setAttribute("aria-busy", "true");
    fetchOpen(link.href).then(function (plain) {
      var url = blob(plain, "application/octet-stream");
      var save = document.createElement("a");
      save.href = url;
      save.download = link.getAttribute("data-gk-file");
      document.body.appendChild(save);
      save.click();
      save.remove();
      setTimeout(function () { URL.revokeObjectURL(url); }, 60000);
    }, function () {}).then(function () { link.removeAttribute("aria-busy"); });
  });

  // --- The form ---------------------------------------------------------------------------------
  if (!subtle || !window.fetch || !window.TextEncoder || !window.DOMParser) {
    say("This album opens only over a secure connection (https) in a current browser.");
    return;
  }
  form.hidden = false;
  // `galleryc serve --unlock` gives the key in the page (a preview, never a published site).
  var known = box.getAttribute("data-key");
  try {
    known = known || sessionStorage.getItem(stored);
  } catch (error) {}
  if (known) {
    say("Opening…");
    unlock(bytes(known)).then(function (payload) {
      show(payload, false);
    }, function () {
      try {
        sessionStorage.removeItem(stored);
      } catch (error) {}
      key = null;
      say("");
    });
  }
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    if (!input.value) return;
    button.disabled = true;
    say("Opening…");
    derive(input.value).then(function (raw) {
      return unlock(raw).then(function (payload) {
        try {
          sessionStorage.setItem(stored, base64(raw));
        } catch (error) {}
        show(payload, true);
      });
    }).catch(function () {
      key = null;
      button.disabled = false;
      say("Wrong password. Try again.");
      input.select();
    });
  });
})();
