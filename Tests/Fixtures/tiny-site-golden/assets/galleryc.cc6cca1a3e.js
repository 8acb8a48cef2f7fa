// galleryc: small progressive enhancements. The site works without this file.
// Loaded with `defer` from its own file, so a strict Content-Security-Policy holds.
(function () {
  "use strict";

  // Arrow keys walk through an album on photo pages; Escape goes back to the album.
  // Links carry the key they answer to in data-key, so the markup decides, not the script.
  function isTyping(target) {
    if (!target || !(target instanceof Element)) return false;
    return target.closest("input, textarea, select, [contenteditable]") !== null;
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
})();
