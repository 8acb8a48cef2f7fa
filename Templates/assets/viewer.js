// galleryc viewer: swipe, zoom, keys, full screen, slideshow, preloading. Without it a photo
// page is a photo with plain links. Paging fetches the next page and swaps it in with
// history.replaceState (the URL stays the photo's own; Back returns to the album); anything
// unexpected falls back to plain navigation. No inline script, no eval: a strict CSP holds.
(function () {
  "use strict";
  var root = document.querySelector("[data-viewer]");
  if (!root || !window.fetch || !window.DOMParser) return;
  var doc = document;
  var html = doc.documentElement;
  var stage = root.querySelector("[data-viewer-stage]");
  var status = root.querySelector("[data-viewer-status]");
  var help = doc.querySelector("[data-viewer-help]");
  var reduce = matchMedia("(prefers-reduced-motion: reduce)");
  var seconds = parseFloat(root.getAttribute("data-slideshow")) || 5;
  var img, frame, clip, largest, upgraded;
  var zoom = { s: 1, x: 0, y: 0 };
  var pages = {};
  var busy = false;
  var timer = 0;
  var sliding = null;

  function each(list, fn) {
    Array.prototype.forEach.call(list, fn);
  }
  function zoomed() {
    return zoom.s > 1.001;
  }
  function $(name) {
    return root.querySelector('[data-viewer-action="' + name + '"]');
  }
  function href(name) {
    var link = $(name);
    return link ? link.href : null;
  }
  function absolute(url) {
    return url ? new URL(url, location.href).href : null;
  }
  function say(text) {
    status.textContent = text;
  }

  // --- The current photo ---------------------------------------------------------------------
  // The frame is what moves: a photo's blur-up frame, or a clip's player with its duration
  // (a clip swipes like a photo and never zooms).
  function bind() {
    img = root.querySelector("[data-viewer-image]");
    clip = img ? null : stage.querySelector(".gk-video");
    frame = img ? img.closest("[data-blurup]") : clip;
    largest = 0;
    upgraded = false;
    if (img) {
      (img.getAttribute("srcset") || "").split(",").forEach(function (item) {
        var width = parseInt(item.trim().split(/\s+/)[1], 10);
        if (width > largest) largest = width;
      });
      // A swapped-in photo may finish while still detached, unseen by galleryc.js's listener.
      var ready = function () {
        img.classList.add("is-loaded");
        frame.classList.add("is-loaded");
        preload();
      };
      if (img.complete && img.naturalWidth) ready();
      else img.addEventListener("load", ready, { once: true });
    } else if (clip) {
      // Starting the clip is an interaction: the slideshow waits for the reader.
      clip.querySelector("video").addEventListener("play", pause);
      preload();
    }
    zoom = { s: 1, x: 0, y: 0 };
    root.classList.remove("is-zoomed", "is-moving", "is-settling");
    var fs = $("fullscreen");
    if (fs && !doc.fullscreenEnabled) fs.classList.add("is-unsupported");
    sync();
    if (playing()) schedule();
  }

  function sync() {
    var play = $("play");
    if (play) {
      play.setAttribute("aria-pressed", String(playing()));
      play.setAttribute("aria-label", playing() ? "Pause slideshow" : "Play slideshow");
    }
    var fs = $("fullscreen");
    if (fs) fs.setAttribute("aria-pressed", String(!!doc.fullscreenElement));
  }

  // --- Pages: fetched once, parsed, swapped in -----------------------------------------------
  function page(url) {
    if (!pages[url]) {
      pages[url] = fetch(url, { credentials: "same-origin" }).then(function (response) {
        if (!response.ok) throw new Error(response.status);
        return response.text();
      }).then(function (text) {
        return new DOMParser().parseFromString(text, "text/html");
      });
      pages[url].catch(function () { delete pages[url]; });
    }
    return pages[url];
  }

  function sheets(d) {
    return Array.prototype.slice.call(d.querySelectorAll('head link[rel="stylesheet"]'));
  }

  // The neighbours' pages and their photos, once the current photo is there.
  function preload() {
    ["next", "previous"].forEach(function (name) {
      var url = href(name);
      if (!url) return;
      page(url).then(function (next) {
        var image = next.querySelector("[data-viewer-image]");
        var source = image && image.parentNode.querySelector('source[type="image/webp"]');
        if (!image) return;
        var warm = new Image();
        warm.sizes = image.getAttribute("sizes") || "";
        warm.srcset = (source || image).getAttribute("srcset") || "";
        warm.src = image.getAttribute("src");
        sheets(next).forEach(function (link) { fetch(link.href); });
      }, function () {});
    });
  }

  function go(url, backwards) {
    if (!url || busy || absolute(url) === location.href) return;
    busy = true;
    page(url).then(function (next) {
      var parts = [".photo-figure", ".viewer-bar", ".photo-details"];
      if (!next.querySelector("[data-viewer]") || parts.some(function (s) { return !doc.querySelector(s) || !next.querySelector(s); })) {
        throw new Error("not a photo page");
      }
      return stylesheets(next).then(function () { return next; });
    }).then(function (next) {
      var focused = doc.activeElement && doc.activeElement.getAttribute("data-viewer-action");
      function swap() {
        history.replaceState(null, "", url);
        sheets(doc).forEach(function (link) {
          if (!next.querySelector('head link[rel="stylesheet"][href="' + link.getAttribute("href") + '"]')) link.remove();
        });
        if (doc.fullscreenElement) fitSizes(next.querySelector("[data-viewer-image]"));
        // The stage stays (its listeners with it); its photo, the bar and the details change.
        stage.replaceChildren.apply(stage, Array.prototype.map.call(next.querySelector(".photo-figure").childNodes, function (node) {
          return doc.importNode(node, true);
        }));
        [".viewer-bar", ".photo-details"].forEach(function (selector) {
          doc.querySelector(selector).replaceWith(doc.importNode(next.querySelector(selector), true));
        });
        doc.title = next.title;
        // What a share or a bookmark takes from the head: the new photo's, not the first's.
        var meta = 'meta[property], meta[name="description"], meta[name^="twitter:"], link[rel="canonical"]';
        each(doc.head.querySelectorAll(meta), function (node) { node.remove(); });
        each(next.head.querySelectorAll(meta), function (node) { doc.head.appendChild(doc.importNode(node, true)); });
        status.setAttribute("data-text", next.querySelector("[data-viewer-status]").getAttribute("data-text"));
        bind();
        if (focused && $(focused)) $(focused).focus();
        if (frame && slide) frame.style.viewTransitionName = "gk-viewer-in";
      }
      var slide = !reduce.matches && doc.startViewTransition && frame;
      if (slide) {
        html.classList.toggle("gk-going-previous", !!backwards);
        frame.style.viewTransitionName = "gk-viewer-out";
        var transition = sliding = doc.startViewTransition(swap);
        transition.finished.finally(function () {
          // A newer slide (paging again before this one ended) keeps its names.
          if (sliding !== transition) return;
          sliding = null;
          if (frame) frame.style.viewTransitionName = "";
          html.classList.remove("gk-going-previous");
        });
        return transition.updateCallbackDone;
      }
      swap();
    }).then(function () {
      busy = false;
      say(status.getAttribute("data-text"));
    }, function () {
      location.href = url;
    });
  }

  // Adds the new page's stylesheets that this one lacks, resolving once they have loaded.
  function stylesheets(next) {
    return Promise.all(sheets(next).map(function (link) {
      var value = link.getAttribute("href");
      if (doc.querySelector('head link[rel="stylesheet"][href="' + value + '"]')) return null;
      return new Promise(function (resolve, reject) {
        var added = doc.createElement("link");
        added.rel = "stylesheet";
        added.href = value;
        added.onload = resolve;
        added.onerror = reject;
        doc.head.appendChild(added);
      });
    }));
  }

  // --- Zoom and pan: a transform on the photo's frame, clamped to the stage ----------------
  function full() {
    return frame ? Math.max(1, largest / (window.devicePixelRatio || 1) / frame.offsetWidth) : 1;
  }

  function apply(settle) {
    if (!frame) return;
    var width = frame.offsetWidth * zoom.s;
    var height = frame.offsetHeight * zoom.s;
    zoom.x = clamp(zoom.x, stage.clientWidth, width, frame.offsetLeft);
    zoom.y = clamp(zoom.y, stage.clientHeight, height, frame.offsetTop);
    var on = zoomed();
    root.classList.toggle("is-zoomed", on);
    root.classList.toggle("is-settling", !!settle && !reduce.matches);
    frame.style.setProperty("--gk-tx", zoom.x + "px");
    frame.style.setProperty("--gk-ty", zoom.y + "px");
    frame.style.setProperty("--gk-scale", String(zoom.s));
    if (on && !upgraded && largest) {
      // 100 % needs the largest rendition: ask for it only now.
      upgraded = true;
      var px = Math.ceil(largest / (window.devicePixelRatio || 1)) + "px";
      each(frame.querySelectorAll("source, img"), function (el) { el.sizes = px; });
    }
  }

  // The offset that keeps a box `size` wide inside a stage `room` wide: centred when it is
  // smaller, its edges never inside the stage when it is larger.
  function clamp(offset, room, size, origin) {
    if (size <= room) return (room - size) / 2 - origin;
    return Math.min(-origin, Math.max(room - size - origin, offset));
  }

  function zoomTo(scale, clientX, clientY, settle) {
    if (!img) return;
    var box = stage.getBoundingClientRect();
    var px = clientX === undefined ? box.width / 2 : clientX - box.left;
    var py = clientY === undefined ? box.height / 2 : clientY - box.top;
    var next = Math.min(full(), Math.max(1, scale));
    // The point of the photo under (px, py) stays there.
    zoom.x = px - frame.offsetLeft - (px - frame.offsetLeft - zoom.x) * next / zoom.s;
    zoom.y = py - frame.offsetTop - (py - frame.offsetTop - zoom.y) * next / zoom.s;
    var was = zoomed();
    zoom.s = next;
    if (next <= 1.001) zoom = { s: 1, x: 0, y: 0 };
    apply(settle);
    var now = zoomed();
    if (was !== now || settle) say(now ? "Zoomed to " + Math.round(zoom.s / full() * 100) + " %" : "Fit to screen");
  }

  function toggleZoom(clientX, clientY) {
    zoomTo(zoomed() ? 1 : full(), clientX, clientY, true);
  }

  // --- Pointers: swipe to page, drag to pan, pinch and double-tap to zoom --------------------
  var points = {};
  var gesture = null;
  var lastTap = null;

  function list() {
    return Object.keys(points).map(function (id) { return points[id]; });
  }

  function begin() {
    var all = list();
    var box = stage.getBoundingClientRect();
    gesture = { x: all[0].x, y: all[0].y, t: performance.now(), zx: zoom.x, zy: zoom.y, s: zoom.s, moved: 0, vx: 0 };
    if (all.length > 1) {
      gesture.distance = Math.hypot(all[1].x - all[0].x, all[1].y - all[0].y) || 1;
      gesture.mx = (all[0].x + all[1].x) / 2 - box.left;
      gesture.my = (all[0].y + all[1].y) / 2 - box.top;
    }
  }

  // On the document: while a slide runs, its snapshot covers the page and takes the events,
  // so a touch on the photo's place ends the slide and starts the next gesture at once.
  doc.addEventListener("pointerdown", function (event) {
    if (event.button > 0 || !frame || !event.isPrimary && list().length !== 1) return;
    var box = stage.getBoundingClientRect();
    var over = event.clientX >= box.left && event.clientX < box.right && event.clientY >= box.top && event.clientY < box.bottom;
    if (!stage.contains(event.target) && !(sliding && over)) return;
    if (clip && !swipesClip(event)) return;
    var snapshot = !!sliding;
    if (sliding) sliding.skipTransition();
    pause();
    if (event.pointerType === "mouse") event.preventDefault();
    points[event.pointerId] = { x: event.clientX, y: event.clientY, t: event.timeStamp, at: performance.now() };
    // A clip's player keeps its taps (play, controls) until the drag is a swipe; a touch on a
    // slide's snapshot never reached the player, and its moves reach the stage only so.
    if (!clip || snapshot) capture(event.pointerId);
    root.classList.remove("is-settling");
    begin();
  });

  function capture(id) {
    try { stage.setPointerCapture(id); } catch (e) { /* an ended pointer */ }
  }

  // On a clip the mouse clicks the player's controls (keys and buttons page), and a finger
  // or pen swipes anywhere but the controls' strip along the player's bottom.
  function swipesClip(event) {
    if (event.pointerType === "mouse") return false;
    var player = clip.querySelector("video").getBoundingClientRect();
    var x = event.clientX, y = event.clientY;
    return !(x >= player.left && x <= player.right && y > player.bottom - Math.min(56, player.height / 3) && y <= player.bottom);
  }

  stage.addEventListener("pointermove", function (event) {
    var point = points[event.pointerId];
    if (!point || !gesture) return;
    var dt = event.timeStamp - point.t;
    if (dt > 0) gesture.vx = (event.clientX - point.x) / dt;
    point.x = event.clientX;
    point.y = event.clientY;
    point.t = event.timeStamp;
    point.at = performance.now();
    var all = list();
    var dx = all[0].x - gesture.x;
    var dy = all[0].y - gesture.y;
    gesture.moved = Math.max(gesture.moved, Math.hypot(dx, dy));
    if (all.length > 1 && gesture.distance) {
      var box = stage.getBoundingClientRect();
      var scale = gesture.s * Math.hypot(all[1].x - all[0].x, all[1].y - all[0].y) / gesture.distance;
      scale = Math.min(full(), Math.max(1, scale));
      var mx = (all[0].x + all[1].x) / 2 - box.left;
      var my = (all[0].y + all[1].y) / 2 - box.top;
      zoom.x = mx - frame.offsetLeft - (gesture.mx - frame.offsetLeft - gesture.zx) * scale / gesture.s;
      zoom.y = my - frame.offsetTop - (gesture.my - frame.offsetTop - gesture.zy) * scale / gesture.s;
      zoom.s = scale;
      apply();
    } else if (zoomed()) {
      zoom.x = gesture.zx + dx;
      zoom.y = gesture.zy + dy;
      apply();
    } else if (gesture.moved > 8 && Math.abs(dx) > Math.abs(dy)) {
      // The photo follows the finger, reluctantly where there is no photo to go to.
      var edge = dx > 0 ? !href("previous") : !href("next");
      if (clip && !root.classList.contains("is-moving")) capture(event.pointerId);
      root.classList.add("is-moving");
      frame.style.setProperty("--gk-tx", (edge ? dx / 4 : dx) + "px");
      frame.style.setProperty("--gk-ty", "0px");
    }
  });

  function end(event) {
    if (!points[event.pointerId]) return;
    var all = list();
    delete points[event.pointerId];
    if (!gesture) return;
    var rest = list();
    if (rest.length) {
      begin();
      return;
    }
    var dx = all[0].x - gesture.x;
    var quick = performance.now() - gesture.t < 300;
    var was = gesture;
    gesture = null;
    if (event.type === "pointercancel") return snap();
    if (zoomed() || all.length > 1) {
      if (was.moved < 8 && quick) tap(event);
      return;
    }
    var width = stage.clientWidth;
    // A flick: still moving when let go (the last move, or the whole drag on average, at
    // 0.4 px/ms or more), and at least 40 px. A drag that stopped before the release is none.
    var held = performance.now() - all[0].at > 150;
    var speed = Math.max(Math.abs(was.vx), Math.abs(dx) / Math.max(1, performance.now() - was.t));
    var flick = !held && speed > 0.4 && Math.abs(dx) > 40;
    if (root.classList.contains("is-moving") && (flick || Math.abs(dx) > width / 2)) {
      var target = href(dx < 0 ? "next" : "previous");
      if (target) {
        if (reduce.matches) snap(true);
        return go(target, dx > 0);
      }
    }
    snap();
    if (was.moved < 8 && quick) tap(event);
  }

  function snap(instantly) {
    if (!frame || !root.classList.contains("is-moving")) return;
    if (reduce.matches || instantly) {
      root.classList.remove("is-moving");
      return;
    }
    root.classList.add("is-settling");
    frame.style.setProperty("--gk-tx", "0px");
    setTimeout(function () {
      if (!gesture) root.classList.remove("is-moving", "is-settling");
    }, 260);
  }

  function tap(event) {
    var now = performance.now();
    if (lastTap && now - lastTap.t < 350 && Math.hypot(event.clientX - lastTap.x, event.clientY - lastTap.y) < 30) {
      lastTap = null;
      toggleZoom(event.clientX, event.clientY);
    } else {
      lastTap = { t: now, x: event.clientX, y: event.clientY };
    }
  }

  stage.addEventListener("pointerup", end);
  stage.addEventListener("pointercancel", end);
  stage.addEventListener("dragstart", function (event) { event.preventDefault(); });

  // Ctrl + wheel (and trackpad pinches, which arrive so) zooms; once zoomed, the wheel does.
  stage.addEventListener("wheel", function (event) {
    if (!img || !event.ctrlKey && !zoomed()) return;
    event.preventDefault();
    pause();
    zoomTo(zoom.s * Math.exp(-event.deltaY * (event.ctrlKey ? 0.01 : 0.002)), event.clientX, event.clientY);
  }, { passive: false });

  window.addEventListener("resize", function () {
    if (zoomed()) zoomTo(1);
  });

  // --- Full screen, slideshow, help ----------------------------------------------------------
  function fullscreen() {
    if (!doc.fullscreenEnabled) return;
    var request = doc.fullscreenElement ? doc.exitFullscreen() : root.requestFullscreen();
    if (request && request.catch) request.catch(function () {});
  }
  // Full screen draws the photo larger than `sizes` says: ask for the width it has there.
  function fitSizes(image) {
    var ratio = image && image.width / image.height;
    if (!ratio) return;
    var px = Math.ceil(Math.min(stage.clientWidth, stage.clientHeight * ratio)) + "px";
    each(image.parentNode.querySelectorAll("source, img"), function (el) {
      el.setAttribute("sizes", px);
    });
  }
  doc.addEventListener("fullscreenchange", function () {
    zoomTo(1);
    if (doc.fullscreenElement) fitSizes(img);
    sync();
  });

  // The slideshow lives as long as this document (paging swaps pages in, so it goes on);
  // it never starts by itself, a reload included.
  var showing = false;
  function playing() {
    return showing;
  }
  function setPlaying(on) {
    showing = on;
    clearTimeout(timer);
    if (on) schedule();
    sync();
  }
  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(function () {
      var next = href("next");
      if (next && !doc.hidden) go(next);
      else setPlaying(false);
    }, seconds * 1000);
  }
  function pause() {
    if (playing()) {
      setPlaying(false);
      say("Slideshow paused");
    }
  }
  doc.addEventListener("visibilitychange", function () {
    if (doc.hidden) pause();
  });

  function showHelp() {
    pause();
    if (help && help.showModal && !help.open) help.showModal();
  }

  // --- Buttons, links and keys ---------------------------------------------------------------
  root.addEventListener("click", function (event) {
    var control = event.target.closest("[data-viewer-action]");
    if (!control || event.ctrlKey || event.metaKey || event.shiftKey || event.button > 0) return;
    var name = control.getAttribute("data-viewer-action");
    if (name === "close") return;
    event.preventDefault();
    if (name === "next" || name === "previous") {
      pause();
      go(control.href, name === "previous");
    } else if (name === "zoom-in") {
      pause();
      zoomTo(zoom.s * 1.5, undefined, undefined, true);
    } else if (name === "zoom-out") {
      zoomTo(zoom.s / 1.5, undefined, undefined, true);
    } else if (name === "fullscreen") {
      fullscreen();
    } else if (name === "play") {
      setPlaying(!playing());
      say(playing() ? "Slideshow playing" : "Slideshow paused");
    } else if (name === "help") {
      showHelp();
    }
  });

  // Capturing, so these keys are ours before galleryc.js's plain links see them.
  window.addEventListener("keydown", function (event) {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    var target = event.target;
    if (help && help.open) {
      // The dialog's own Escape, before galleryc.js takes it for "back to the album".
      if (event.key === "Escape") {
        help.close();
        event.preventDefault();
      }
      return;
    }
    if (target.closest && target.closest("input, textarea, select, [contenteditable]")) return;
    var key = event.key;
    // A focused player keeps its own keys (play, seek, volume); Esc, f, ? and paging stay ours.
    if (target.closest && target.closest("video, audio") && /^(?: |Arrow.*|Home|End|k|m|j|l)$/.test(key)) return;
    var pan = stage.clientWidth / 10;
    if (key === " " && target.closest && target.closest("button, a")) return;
    if (key !== " " && key !== "Escape") pause();
    if (zoomed() && /^Arrow/.test(key)) {
      zoom.x += key === "ArrowLeft" ? pan : key === "ArrowRight" ? -pan : 0;
      zoom.y += key === "ArrowUp" ? pan : key === "ArrowDown" ? -pan : 0;
      apply(true);
    } else if (key === "ArrowRight" || key === "PageDown") go(href("next"));
    else if (key === "ArrowLeft" || key === "PageUp") go(href("previous"), true);
    else if (key === "Home") go(root.getAttribute("data-first"), true);
    else if (key === "End") go(root.getAttribute("data-last"));
    else if (key === "+" || key === "=") zoomTo(zoom.s * 1.5, undefined, undefined, true);
    else if (key === "-") zoomTo(zoom.s / 1.5, undefined, undefined, true);
    else if (key === "0") zoomTo(1, undefined, undefined, true);
    else if (key === "Escape" && zoomed()) zoomTo(1, undefined, undefined, true);
    else if (key === "Escape") location.href = href("close");
    else if (key === "f" || key === "F") fullscreen();
    else if (key === " ") setPlaying(!playing());
    else if (key === "?") showHelp();
    else return;
    event.preventDefault();
  }, true);

  root.classList.add("is-ready");
  bind();
  setTimeout(function () { say(status.getAttribute("data-text")); }, 400);
})();
