// galleryc search (search/ only): finds photos in the index the build wrote beside this page.
// Words are folded as the build folds them (Sources/GalleryKit/Rendering/SearchText.swift):
// lower case, no accents, a few letters spelled out, runs of letters and digits of two or more;
// each word of the query must begin a term of the photo. A query loads meta.json once, the
// term file of each word (t-<its first two letters>.json) and the photo files (p-<n>.json) of
// the results it shows, each file once. Without this script the page lists albums, tags and
// places.
(() => {
  const results = document.querySelector("[data-gk-results]");
  const form = document.querySelector(".gk-search-form");
  if (!results || !form) return;
  const input = form.elements.q;
  const status = document.querySelector("[data-gk-status]");
  const albumList = document.querySelector("[data-gk-albums]");
  const browse = document.querySelector("[data-gk-browse]");
  const more = document.querySelector("[data-gk-more]");
  const index = results.dataset.index;
  const root = results.dataset.root;
  const PAGE = 60;
  const files = new Map();
  const load = (name) => {
    if (!files.has(name)) {
      files.set(name, fetch(index + name).then((r) => (r.ok ? r.json() : null)).catch(() => null));
    }
    return files.get(name);
  };
  const SPELLED = { "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "ı": "i", "ς": "σ" };
  const words = (text) =>
    (text.toLowerCase().normalize("NFD").replace(/\p{Mn}/gu, "").replace(/[ßæœøłđðþıς]/g, (c) => SPELLED[c])
      .match(/[\p{L}\p{N}\p{M}]+/gu) || []).filter((w) => [...w].length > 1);
  const key = (w) =>
    [...w].slice(0, 2).map((c) => (/[a-z0-9]/.test(c) ? c : "_" + c.codePointAt(0).toString(16))).join("");
  // Gaps and runs, as SearchIndexWriter.gaps writes them.
  const decode = (gaps) => {
    const out = [];
    let n = 0;
    for (const g of gaps) {
      if (g < 0) for (let i = 0; i < -g; i++) out.push(++n);
      else out.push((n += g));
    }
    return out;
  };
  const say = (text) => { status.textContent = text; };
  // Digits grouped by hand: toLocaleString's first call loads a number format, 50 ms on a phone.
  const plural = (n, noun) => `${String(n).replace(/\B(?=(\d{3})+$)/g, ",")} ${noun}${n === 1 ? "" : "s"}`;
  let meta = null;
  let found = [];
  let shown = 0;
  let list = null;
  let run = 0;

  async function search(query) {
    const mine = ++run;
    const wanted = [...new Set(words(query))];
    browse.hidden = wanted.length > 0;
    found = [];
    shown = 0;
    list = document.createElement("ul");
    list.className = "gk-search-tiles";
    list.setAttribute("aria-label", "Photos found");
    if (!wanted.length) {
      results.replaceChildren();
      albumList.hidden = true;
      more.parentElement.hidden = true;
      say(query.trim() ? "Type at least two letters of a word." : "");
      return;
    }
    meta = meta || (await load("meta.json"));
    if (mine !== run) return;
    if (!meta) return say("The search index could not be loaded.");
    const present = new Set(meta.files.split(" "));
    // Per word: each photo with a term it begins, and whether the term is the whole word.
    const hits = await Promise.all(wanted.map(async (word) => {
      const k = key(word);
      const terms = present.has(k) ? await load(`t-${k}.json`) : null;
      const photos = new Map();
      for (const term in terms || {}) {
        if (!term.startsWith(word)) continue;
        for (const p of decode(terms[term])) photos.set(p, photos.get(p) || term === word);
      }
      return photos;
    }));
    if (mine !== run) return;
    hits.sort((a, b) => a.size - b.size);
    const [first, ...rest] = hits;
    for (const [p, whole] of first) {
      let score = whole ? 1 : 0;
      if (rest.every((other) => other.has(p) && ((score += other.get(p) ? 1 : 0), true))) found.push([p, score]);
    }
    // Whole words first, then in the site's order.
    found.sort((a, b) => b[1] - a[1] || a[0] - b[0]);
    meta.words = meta.words || meta.albums.map(([, title]) => words(title));
    const albums = meta.albums.filter(([path], i) =>
      path && wanted.every((w) => meta.words[i].some((t) => t.startsWith(w)))).slice(0, 12);
    albumList.replaceChildren(...albums.map(([path, title]) => {
      const item = document.createElement("li");
      const link = document.createElement("a");
      link.href = root + path;
      link.textContent = title;
      item.append(link);
      return item;
    }));
    albumList.hidden = !albums.length;
    results.replaceChildren(list);
    say(found.length
      ? plural(found.length, "photo") + (albums.length ? ", " + plural(albums.length, "album") : "")
      : `No photo matches “${query.trim()}”.`);
    await showMore(mine);
  }

  async function showMore(mine) {
    const batch = found.slice(shown, shown + PAGE);
    shown += batch.length;
    const per = meta.per;
    const chunks = [...new Set(batch.map(([p]) => Math.floor(p / per)))];
    const loaded = new Map(await Promise.all(chunks.map(async (c) => [c, await load(`p-${c}.json`)])));
    if (mine !== run) return;
    // Read once, before the tiles go in: reading it after would lay the page out per tile.
    const wide = innerWidth;
    for (const [p] of batch) {
      const entry = (loaded.get(Math.floor(p / per)) || [])[p % per];
      if (!entry) continue;
      const [album, page, width, height, folder, ext, widths, alt] = entry;
      const stem = folder.includes("/") ? folder : `_img/${folder}/${page}-`;
      const [albumPath, albumTitle] = meta.albums[album] || ["", ""];
      const item = document.createElement("li");
      const link = document.createElement("a");
      const image = document.createElement("img");
      const ratio = width / height;
      link.href = `${root}${albumPath}${page}/`;
      if (!alt) link.setAttribute("aria-label", `Photo in ${albumTitle || "the home page"}`);
      if (widths.length) {
        image.srcset = widths.map((w) => `${root}${stem}${w}.${ext} ${w}w`).join(", ");
        image.sizes = `${Math.round(Math.min(wide, ratio * 320))}px`;
        image.src = `${root}${stem}${widths[0]}.${ext}`;
      } else {
        image.src = root + stem;
      }
      image.width = width;
      image.height = height;
      image.alt = alt;
      image.loading = "lazy";
      image.decoding = "async";
      // A custom property through the CSSOM: the strict CSP forbids style attributes, not this.
      item.style.setProperty("--gk-ratio", ratio.toFixed(4));
      link.append(image);
      item.append(link);
      list.append(item);
    }
    more.parentElement.hidden = shown >= found.length;
  }

  more.addEventListener("click", () => showMore(run));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    search(input.value);
  });
  input.addEventListener("input", () => {
    const query = input.value;
    history.replaceState(null, "", query.trim() ? `?q=${encodeURIComponent(query)}` : location.pathname);
    search(query);
  });
  const asked = new URLSearchParams(location.search).get("q");
  if (asked) {
    input.value = asked;
    search(asked);
  } else {
    load("meta.json");
  }
})();
