(function () {
"use strict";
var root = document.querySelector("[data-viewer]");
if (!root || !window.fetch || !window.DOMParser) return;
var doc = document;
var stage = root.querySelector("[data-viewer-stage]");
var status = root.querySelector("[data-viewer-status]");
var help = doc.querySelector("[data-viewer-help]");
var reduce = matchMedia("(prefers-reduced-motion: reduce)");
var wide = matchMedia("(min-width: 48rem)");
var seconds = parseFloat(root.getAttribute("data-slideshow")) || 5;
var img, frame, clip, largest, upgraded, timer, idle, showing;
var zoom = { s: 1, x: 0, y: 0 };
var pages = {};
var sides = {};
var busy = false;
var later = window.requestIdleCallback || setTimeout;

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
function say(text) {
status.textContent = text;
}
function name(action, text) {
var control = $(action);
if (control) control.setAttribute("aria-label", text);
}
function moving(on) {
root.classList.toggle("is-moving", on);
}
function quiet(fn) {
if (doc.readyState === "complete") later(fn);
else window.addEventListener("load", function () { later(fn); }, { once: true });
}
function dx(px) {
stage.style.setProperty("--gk-dx", px + "px");
}

function bind() {
frame = stage.firstElementChild;
img = frame && frame.querySelector("[data-viewer-image]");
clip = img ? null : frame;
largest = 0;
upgraded = false;
if (img) {
(img.getAttribute("srcset") || img.getAttribute("data-gk-srcset") || "").split(",").forEach(function (item) {
largest = Math.max(largest, parseInt(item.trim().split(/\s+/)[1], 10) || 0);
});
var ready = function () {
img.classList.add("is-loaded");
frame.classList.add("is-loaded");
quiet(preload);
};
if (img.complete && img.naturalWidth) ready();
else img.addEventListener("load", ready, { once: true });
} else if (clip) {
clip.querySelector("video").addEventListener("play", pause);
quiet(preload);
}
zoom = { s: 1, x: 0, y: 0 };
root.classList.remove("is-zoomed", "is-moving", "is-settling");
var fs = $("fullscreen");
if (fs && !doc.fullscreenEnabled) fs.classList.add("is-unsupported");
sync();
if (showing) schedule();
}

function sync() {
root.classList.toggle("is-playing", !!showing);
name("play", showing ? "Pause slideshow" : "Play slideshow");
name("fullscreen", doc.fullscreenElement ? "Leave full screen" : "Full screen");
name("zoom", zoomed() ? "Zoom out" : "Zoom in");
}

function page(url) {
if (!pages[url]) {
pages[url] = fetch(url, { credentials: "same-origin" }).then(function (response) {
if (!response.ok) throw new Error(response.status);
return response.text();
}).then(function (text) {
var next = new DOMParser().parseFromString(text, "text/html");
return next.querySelector("[data-gk-sealed]") && window.gkUnseal ? window.gkUnseal(next) : next;
}).then(function (next) {
if (!next.querySelector("[data-viewer] .photo-figure") || !next.querySelector(".photo-details")) throw new Error("not a photo page");
return next;
});
pages[url].catch(function () { delete pages[url]; });
}
return pages[url];
}

function sheets(d) {
return Array.prototype.slice.call(d.querySelectorAll('head link[rel="stylesheet"]'));
}

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

function side(url, before) {
return page(url).then(function (next) {
return stylesheets(next).then(function () {
var slide = sides[url];
if (!slide) {
slide = sides[url] = doc.createElement("div");
each(next.querySelector(".photo-figure").childNodes, function (node) {
slide.appendChild(doc.importNode(node, true));
});
each(slide.querySelectorAll("img"), function (el) { el.setAttribute("fetchpriority", "low"); });
if (before) stage.firstElementChild.after(slide);
else stage.appendChild(slide);
if (window.gkReveal) window.gkReveal(slide);
}
slide.className = "viewer-side" + (before ? " is-before" : "");
slide.next = next;
return slide;
});
});
}

function preload() {
["next", "previous"].forEach(function (action) {
var url = href(action);
if (url) side(url, action === "previous").catch(function () {});
});
}

function go(url, backwards) {
url = url && new URL(url, location.href).href;
if (!url || busy || url === location.href) return;
busy = true;
side(url, backwards).then(function (slide) {
moving(true);
root.classList.toggle("is-settling", !reduce.matches);
slide.classList.add("is-target");
slide.getBoundingClientRect();
dx((backwards ? 1.1 : -1.1) * stage.clientWidth);
return new Promise(function (resolve) {
setTimeout(resolve, reduce.matches ? 0 : 300);
}).then(function () { swap(url, slide); });
}).then(function () {
busy = false;
say(status.getAttribute("data-text"));
}, function () {
location.href = url;
});
}

function swap(url, slide) {
var next = slide.next;
var focused = doc.activeElement && doc.activeElement.getAttribute("data-viewer-action");
history.replaceState(null, "", url);
sheets(doc).forEach(function (link) {
if (!next.querySelector('head link[rel="stylesheet"][href="' + link.getAttribute("href") + '"]')) link.remove();
});
stage.replaceChildren.apply(stage, Array.prototype.slice.call(slide.childNodes));
sides = {};
dx(0);
[".viewer-bar", ".photo-details"].forEach(function (selector) {
doc.querySelector(selector).replaceWith(doc.importNode(next.querySelector(selector), true));
});
doc.title = next.title;
var meta = 'meta[property], meta[name="description"], meta[name^="twitter:"], link[rel="canonical"]';
each(doc.head.querySelectorAll(meta), function (node) { node.remove(); });
each(next.head.querySelectorAll(meta), function (node) { doc.head.appendChild(doc.importNode(node, true)); });
status.setAttribute("data-text", next.querySelector("[data-viewer-status]").getAttribute("data-text"));
bind();
if (focused && $(focused)) $(focused).focus();
}

function close() {
var url = href("close");
var album = url.replace(/page\/\d+\/$/, "");
var from = doc.referrer.slice(0, album.length) === album && doc.referrer.slice(album.length);
if (from !== false && /^(?:page\/\d+\/)?$/.test(from) && history.length > 1) history.back();
else location.href = url;
}

function info() {
var details = doc.getElementById("photo-info");
details.scrollIntoView();
details.focus({ preventScroll: true });
}

function full() {
return img ? Math.max(1, largest / (window.devicePixelRatio || 1) / frame.offsetWidth) : 1;
}

function apply(settle) {
if (!img) return;
zoom.x = clamp(zoom.x, stage.clientWidth, frame.offsetWidth * zoom.s, frame.offsetLeft);
zoom.y = clamp(zoom.y, stage.clientHeight, frame.offsetHeight * zoom.s, frame.offsetTop);
if (root.classList.contains("is-zoomed") !== zoomed()) {
root.classList.toggle("is-zoomed");
sync();
}
root.classList.toggle("is-settling", !!settle && !reduce.matches);
frame.style.setProperty("--gk-tx", zoom.x + "px");
frame.style.setProperty("--gk-ty", zoom.y + "px");
frame.style.setProperty("--gk-scale", String(zoom.s));
if (zoomed() && !upgraded && largest) {
upgraded = true;
var px = Math.ceil(largest / (window.devicePixelRatio || 1)) + "px";
each(frame.querySelectorAll("source, img:not(.gk-preview)"), function (el) { el.sizes = px; });
}
}

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

stage.addEventListener("pointerdown", function (event) {
if (event.button > 0 || !frame || busy || !event.isPrimary && list().length !== 1) return;
if (event.target.closest && event.target.closest("[data-gk-live]")) return;
if (clip && !swipesClip(event)) return;
pause();
if (event.pointerType === "mouse") event.preventDefault();
points[event.pointerId] = { x: event.clientX, y: event.clientY, t: event.timeStamp, at: performance.now() };
if (!clip) capture(event.pointerId);
root.classList.remove("is-settling");
begin();
});

function capture(id) {
try { stage.setPointerCapture(id); } catch (e) { /* an ended pointer */ }
}

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
var x = all[0].x - gesture.x;
var y = all[0].y - gesture.y;
gesture.moved = Math.max(gesture.moved, Math.hypot(x, y));
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
zoom.x = gesture.zx + x;
zoom.y = gesture.zy + y;
apply();
} else if (gesture.moved > 8 && Math.abs(x) > Math.abs(y)) {
if (clip && !root.classList.contains("is-moving")) capture(event.pointerId);
moving(true);
dx((x > 0 ? !href("previous") : !href("next")) ? x / 4 : x);
}
});

function end(event) {
if (!points[event.pointerId]) return;
var all = list();
delete points[event.pointerId];
if (!gesture) return;
if (list().length) return begin();
var x = all[0].x - gesture.x;
var now = performance.now();
var quick = now - gesture.t < 300;
var was = gesture;
gesture = null;
if (event.type === "pointercancel") return snap();
if (zoomed() || all.length > 1) {
if (was.moved < 8 && quick) tap(event);
return;
}
var speed = Math.max(Math.abs(was.vx), Math.abs(x) / Math.max(1, now - was.t));
var flick = now - all[0].at < 150 && speed > 0.4 && Math.abs(x) > 40;
var target = href(x < 0 ? "next" : "previous");
if (root.classList.contains("is-moving") && target && (flick || Math.abs(x) > stage.clientWidth / 2)) {
return go(target, x > 0);
}
snap();
if (was.moved < 8 && quick) tap(event);
}

function snap() {
if (!root.classList.contains("is-moving")) return;
root.classList.toggle("is-settling", !reduce.matches);
dx(0);
setTimeout(function () {
if (!gesture && !busy) root.classList.remove("is-moving", "is-settling");
}, reduce.matches ? 0 : 320);
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

stage.addEventListener("wheel", function (event) {
if (!img || !event.ctrlKey && !zoomed()) return;
event.preventDefault();
pause();
zoomTo(zoom.s * Math.exp(-event.deltaY * (event.ctrlKey ? 0.01 : 0.002)), event.clientX, event.clientY);
}, { passive: false });

window.addEventListener("resize", function () {
if (zoomed()) zoomTo(1);
});

function wake() {
root.classList.toggle("is-idle", false);
clearTimeout(idle);
if (wide.matches && !reduce.matches) idle = setTimeout(function () { root.classList.add("is-idle"); }, 3000);
}
["pointermove", "pointerdown", "keydown", "wheel", "touchstart", "focusin"].forEach(function (type) {
doc.addEventListener(type, wake, { passive: true, capture: true });
});

function fullscreen() {
if (!doc.fullscreenEnabled) return;
var request = doc.fullscreenElement ? doc.exitFullscreen() : root.requestFullscreen();
if (request && request.catch) request.catch(function () {});
}
doc.addEventListener("fullscreenchange", function () {
zoomTo(1);
sync();
});

function setPlaying(on) {
showing = on;
clearTimeout(timer);
if (on) schedule();
sync();
say(on ? "Slideshow playing" : "Slideshow paused");
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
if (showing) setPlaying(false);
}
doc.addEventListener("visibilitychange", function () {
if (doc.hidden) pause();
});

function showHelp() {
pause();
if (help && help.showModal && !help.open) help.showModal();
}

root.addEventListener("click", function (event) {
var control = event.target.closest("[data-viewer-action]");
if (!control || event.ctrlKey || event.metaKey || event.shiftKey || event.button > 0) return;
var action = control.getAttribute("data-viewer-action");
event.preventDefault();
if (action !== "play") pause();
if (action === "next" || action === "previous") go(control.href, action === "previous");
else if (action === "close") close();
else if (action === "info") info();
else if (action === "zoom") toggleZoom();
else if (action === "fullscreen") fullscreen();
else if (action === "play") setPlaying(!showing);
else if (action === "help") showHelp();
});

window.addEventListener("keydown", function (event) {
if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
var target = event.target;
if (help && help.open) {
if (event.key === "Escape") {
help.close();
event.preventDefault();
}
return;
}
if (target.closest && target.closest("input, textarea, select, [contenteditable]")) return;
var key = event.key;
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
else if (key === "Escape" && doc.fullscreenElement) fullscreen();
else if (key === "Escape" && zoomed()) zoomTo(1, undefined, undefined, true);
else if (key === "Escape") close();
else if (key === "f" || key === "F") fullscreen();
else if (key === " ") setPlaying(!showing);
else if (key === "?") showHelp();
else return;
event.preventDefault();
}, true);

root.classList.add("is-ready");
bind();
wake();
})();
