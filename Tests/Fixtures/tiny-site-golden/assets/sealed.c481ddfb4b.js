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
var key, sizes;

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
function unlock(raw) {
return subtle.importKey("raw", raw, "AES-GCM", false, ["decrypt"]).then(function (made) {
key = made;
return open(bytes(sealed.textContent));
}).then(function (plain) {
return JSON.parse(new TextDecoder().decode(plain));
});
}

function show(payload, typed) {
var doc = new DOMParser().parseFromString(payload.html, "text/html");
document.title = doc.title;
if (payload.css.length && "adoptedStyleSheets" in document) {
document.adoptedStyleSheets = document.adoptedStyleSheets.concat(payload.css.map(function (css) {
var sheet = new CSSStyleSheet();
sheet.replaceSync(css);
return sheet;
}));
}
var body = document.importNode(doc.body, true);
document.body.replaceWith(body);
reveal(body);
each(doc.head.querySelectorAll("script[src]"), function (old) {
var script = document.createElement("script");
script.src = old.getAttribute("src");
script.async = false;
document.head.appendChild(script);
});
var main = document.getElementById("main");
if (typed && main) main.focus();
}

function candidates(list) {
return (list || "").split(",").map(function (item) {
var parts = item.trim().split(/\s+/);
return { url: parts[0], w: parseInt(parts[1], 10) || 0 };
}).filter(function (item) { return item.url; }).sort(function (a, b) { return a.w - b.w; });
}
var usable = { "": 1, "image/webp": 1, "image/jpeg": 1, "image/png": 1, "image/gif": 1 };
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
fetchOpen(url).then(function (plain) {
img.src = blob(plain);
}, function () {
img.dispatchEvent(new Event("error"));
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
function reveal(root) {
var near = window.IntersectionObserver ? new IntersectionObserver(function (entries) {
entries.forEach(function (entry) {
if (!entry.isIntersecting) return;
near.unobserve(entry.target);
if (entry.target.nodeName === "VIDEO") play(entry.target);
else load(entry.target);
});
}, { rootMargin: "50% 0px" }) : null;
sizes = window.MutationObserver ? new MutationObserver(function (records) {
records.forEach(function (record) { load(record.target); });
}) : null;
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

if (!subtle || !window.fetch || !window.TextEncoder || !window.DOMParser) {
say("This album opens only over a secure connection (https) in a current browser.");
return;
}
form.hidden = false;
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
