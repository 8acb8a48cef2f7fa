// galleryc: small progressive enhancements. The site works without this file.
// Loaded with `defer` from its own file, so a strict Content-Security-Policy holds.
(function () {
  "use strict";

  // Arrow keys walk through an album on photo pages; Escape goes back to the album.
  // Links carry the key they answer to in data-key, so the markup decides, not the script.
  function isTyping(target) {
    if (!target || !(target instanceof Element)) return false;
    // A focused video's own controls take the arrow keys (seeking), not the album.
    return target.closest("input, textarea, select, [contenteditable], video, audio") !== null;
  }

  var KEYS = { ArrowLeft: true, ArrowRight: true, Escape: true };

  document.addEventListener("keydown", function (event) {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) {
      return;
    }
    if (!KEYS.hasOwnProperty(event.key) || isTyping(event.target)) return;
    var link = document.querySelector('a[data-key="' + event.key + '"]');
    if (!link) return;
    event.preventDefault();
    window.location.href = link.href;
  });

  // --- Blur-up: mark images loaded (or failed) so the stylesheet can focus them in. ---------
  // Load and error events do not bubble, so one capturing listener on the document sees them
  // all; images that finished before this deferred script ran are marked at once.
  var root = document.documentElement;
  root.classList.add("gk-js");

  function frameOf(img) {
    return img.closest ? img.closest("[data-blurup]") : null;
  }

  function settle(img, failed) {
    var frame = frameOf(img);
    // The placeholder (inline, so always there at once) says nothing about the photo.
    if (!frame || img.classList.contains("gk-ph")) return;
    // A failed photo keeps its place as a neutral tile that says what it shows; screen readers
    // still read the image's own alt text, so the copy is hidden from them.
    if (failed && img.alt && !frame.querySelector(".gk-failed")) {
      var note = document.createElement("span");
      note.className = "gk-failed";
      note.setAttribute("aria-hidden", "true");
      note.textContent = img.alt;
      frame.appendChild(note);
    }
    img.classList.toggle("is-loaded", !failed);
    frame.classList.toggle("is-loaded", !failed);
    frame.classList.toggle("is-error", failed);
    frame.removeAttribute("aria-busy");
  }

  document.addEventListener("load", function (event) {
    if (event.target instanceof HTMLImageElement) settle(event.target, false);
  }, true);
  document.addEventListener("error", function (event) {
    if (event.target instanceof HTMLImageElement) settle(event.target, true);
  }, true);

  Array.prototype.forEach.call(document.querySelectorAll("[data-blurup] img:not(.gk-ph)"), function (img) {
    // A private album's image has no address until sealed.js has decrypted it: not failed.
    if (img.complete && img.getAttribute("src")) {
      settle(img, img.naturalWidth === 0);
    } else {
      var frame = frameOf(img);
      if (frame) frame.setAttribute("aria-busy", "true");
    }
  });

  // --- Hero slider: buttons, dots, arrow keys and the background crossfade. ---------------
  // The carousel itself is a native scroll-snap list: swipe and scroll work without this.
  var reduce = window.matchMedia("(prefers-reduced-motion: reduce)");
  var sliderPreviews = [];

  function setupSlider(slider) {
    var list = slider.querySelector("[data-slides]");
    if (!list) return;
    var slides = list.querySelectorAll("[data-slide]");
    var dots = slider.querySelectorAll("[data-slider-dot]");
    var prev = slider.querySelector("[data-slider-prev]");
    var next = slider.querySelector("[data-slider-next]");
    var header = slider.closest(".album-header");
    var layers = header ? header.querySelectorAll("[data-slide-bg]") : [];
    var current = -1;

    function show(index) {
      if (index === current) return;
      current = index;
      Array.prototype.forEach.call(slides, function (slide, i) {
        slide.classList.toggle("is-current", i === index);
      });
      Array.prototype.forEach.call(dots, function (dot, i) {
        if (i === index) dot.setAttribute("aria-current", "true");
        else dot.removeAttribute("aria-current");
      });
      Array.prototype.forEach.call(layers, function (layer, i) {
        layer.classList.toggle("is-active", i === index);
      });
      if (prev) prev.disabled = index === 0;
      if (next) next.disabled = index === slides.length - 1;
      preview();
    }

    // The current slide's clip previews while the slider is in view and the tab is shown.
    var inView = false;
    function preview() {
      Array.prototype.forEach.call(slides, function (slide, i) {
        var badge = slide.querySelector("[data-gk-preview]");
        var clip = badge && previewOf(badge);
        if (!clip) return;
        if (i === current && inView && !document.hidden) clip.start();
        else clip.stop();
      });
    }
    sliderPreviews.push(preview);
    if (window.IntersectionObserver && list.querySelector("[data-gk-preview]")) {
      new IntersectionObserver(function (entries) {
        inView = entries[entries.length - 1].isIntersecting;
        preview();
      }).observe(list);
      document.addEventListener("visibilitychange", preview);
    }

    function indexFromScroll() {
      var width = slides.length ? slides[0].getBoundingClientRect().width : 0;
      if (width <= 0) return 0;
      var gap = slides.length > 1 ? slides[1].offsetLeft - slides[0].offsetLeft - width : 0;
      return Math.max(0, Math.min(slides.length - 1, Math.round(list.scrollLeft / (width + gap))));
    }

    // While a button or key scrolls to a slide, the scroll events on the way do not count.
    var target = null;

    function offsetOf(index) {
      return slides[index].offsetLeft - slides[0].offsetLeft;
    }

    function go(index) {
      index = Math.max(0, Math.min(slides.length - 1, index));
      target = index;
      show(index);
      list.scrollTo({ left: offsetOf(index), behavior: reduce.matches ? "auto" : "smooth" });
    }

    list.addEventListener("scroll", function () {
      if (target !== null) {
        if (Math.abs(list.scrollLeft - offsetOf(target)) > 2) return;
        target = null;
      }
      show(indexFromScroll());
    }, { passive: true });
    // A user's swipe or wheel interrupts a programmatic scroll: follow the finger again.
    ["pointerdown", "wheel", "touchstart"].forEach(function (type) {
      list.addEventListener(type, function () { target = null; }, { passive: true });
    });
    if (prev) prev.addEventListener("click", function () { go(current - 1); });
    if (next) next.addEventListener("click", function () { go(current + 1); });
    Array.prototype.forEach.call(dots, function (dot, i) {
      dot.addEventListener("click", function (event) {
        event.preventDefault();
        go(i);
      });
    });
    slider.addEventListener("keydown", function (event) {
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      var step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
      if (event.key === "Home") step = -slides.length;
      if (event.key === "End") step = slides.length;
      if (step === 0) return;
      event.preventDefault();
      go(current + step);
    });
    show(indexFromScroll());
  }


  // Pulling the page down past its top (where the browser reports it, e.g. Safari's rubber
  // band) enlarges the hero background; the stylesheet ignores this under reduced motion.
  var backdrop = document.querySelector(".gk-hero-backdrop");
  if (backdrop) {
    window.addEventListener("scroll", function () {
      var pull = Math.max(0, -window.scrollY);
      backdrop.style.setProperty("--gk-pull", String(pull));
    }, { passive: true });
  }

  // A clip previews itself, muted and looping, over its poster: a tile while a mouse rests on
  // it, and the hero slider's current slide while the slider is on screen. Only when the
  // reader's motion preference is no-preference (checked each time, and a change to reduce
  // stops every preview), never with Save-Data; a tile on a touch screen does not preview.
  var motionOK = window.matchMedia("(prefers-reduced-motion: no-preference)");
  var previewers = [];
  function previewOf(badge) {
    if (badge.gkPreview !== undefined) return badge.gkPreview;
    var link = badge.closest("a");
    var frame = link && link.querySelector("[data-blurup]");
    var preview = null;
    var self = badge.gkPreview = frame ? {
      link: link,
      start: function () {
        if (preview || !motionOK.matches || navigator.connection && navigator.connection.saveData) return;
        preview = document.createElement("video");
        preview.className = "gk-video-preview";
        preview.muted = preview.defaultMuted = preview.loop = preview.playsInline = true;
        ["muted", "playsinline"].forEach(function (name) { preview.setAttribute(name, ""); });
        preview.setAttribute("aria-hidden", "true");
        preview.tabIndex = -1;
        preview.src = badge.getAttribute("data-gk-preview");
        frame.appendChild(preview);
        var mine = preview;
        var playing = preview.play();
        if (playing && playing.catch) playing.catch(function () { if (preview === mine) self.stop(); });
      },
      stop: function () {
        if (!preview) return;
        preview.pause();
        preview.removeAttribute("src");
        preview.remove();
        preview = null;
      },
    } : null;
    if (self) previewers.push(self);
    return self;
  }
  Array.prototype.forEach.call(document.querySelectorAll("[data-gk-preview]"), function (badge) {
    var preview = previewOf(badge);
    // The slider plays its current slide itself.
    if (!preview || badge.closest("[data-slide]")) return;
    preview.link.addEventListener("pointerenter", function (event) {
      if (event.pointerType === "mouse") preview.start();
    });
    preview.link.addEventListener("pointerleave", preview.stop);
  });
  if (motionOK.addEventListener) {
    motionOK.addEventListener("change", function () {
      if (!motionOK.matches) previewers.forEach(function (preview) { preview.stop(); });
      sliderPreviews.forEach(function (refresh) { refresh(); });
    });
  }

  // A Live Photo's motion plays over its still, back to the still at its end; never by itself.
  // A press of the Live button plays it to the end; without a motion preference a mouse on
  // the button, or a finger held on the photo, plays it until they leave (README: Live Photos).
  function setupLive(button) {
    var video = document.querySelector("[data-gk-live-video]");
    var frame = video && video.closest("[data-blurup]");
    if (!frame) return;
    var playing = null, held = null, ignoreClick = 0;  // playing: "press", "hover" or "hold"
    function warm() { video.preload = "auto"; }
    function play(how) {
      if (playing) { if (how === "press") playing = how; return; }
      playing = how;
      warm();
      frame.classList.add("is-live");
      button.setAttribute("aria-pressed", "true");
      try { video.currentTime = 0; } catch (e) { /* not loaded: it starts at 0 */ }
      var started = video.play();
      if (started && started.catch) started.catch(stop);
    }
    function stop() {
      if (!playing) return;
      playing = null;
      video.pause();
      frame.classList.remove("is-live");
      button.setAttribute("aria-pressed", "false");
    }
    function unhold() { if (held) clearTimeout(held.timer); held = null; }
    video.addEventListener("ended", stop);
    button.addEventListener("click", function (event) {
      event.stopPropagation();
      if (performance.now() < ignoreClick) return;  // the click that ends a hold
      if (playing === "press") stop(); else play("press");
    });
    button.addEventListener("focus", warm);
    button.addEventListener("pointerenter", function (event) {
      warm();
      if (event.pointerType === "mouse" && motionOK.matches) play("hover");
    });
    button.addEventListener("pointerleave", function () { if (playing === "hover") stop(); });
    frame.addEventListener("pointerdown", function (event) {
      if (event.pointerType === "mouse") return;
      warm();
      unhold();
      if (motionOK.matches) held = { x: event.clientX, y: event.clientY, timer: setTimeout(function () {
        held = null;
        play("hold");
      }, 300) };
    });
    // On the window: the viewer captures the pointer on its stage.
    window.addEventListener("pointermove", function (event) {
      if (held && Math.hypot(event.clientX - held.x, event.clientY - held.y) > 10) unhold();
    });
    ["pointerup", "pointercancel"].forEach(function (type) {
      window.addEventListener(type, function () {
        unhold();
        if (playing !== "hold") return;
        ignoreClick = performance.now() + 600;
        stop();
      });
    });
    frame.addEventListener("contextmenu", function (event) { if (playing === "hold" || held) event.preventDefault(); });
    if (motionOK.addEventListener) {
      motionOK.addEventListener("change", function () { if (!motionOK.matches && playing !== "press") stop(); });
    }
  }
  Array.prototype.forEach.call(document.querySelectorAll("[data-gk-live]"), setupLive);

  Array.prototype.forEach.call(document.querySelectorAll("[data-slider]"), setupSlider);
})();
