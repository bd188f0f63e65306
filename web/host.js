// Optional, for course pages that allow scripts: <script src="https://PLAYGROUND/host.js" defer></script>
// sizes each playground iframe on the page to the height the playground reports, and scrolls the
// page to what the playground asks to show (after Run: the score and the first wrong row).
(function () {
  var origin = new URL(document.currentScript.src).origin; // only messages from the playground's origin
  function size(f, h) { f.height = String(Math.min(Math.ceil(h), 20000)); }
  addEventListener("message", function (e) {
    var d = e.data;
    if (e.origin !== origin || !d || !(d.height > 0)) return;
    if (d.type !== "coerce-playground:height" && d.type !== "coerce-playground:scroll") return;
    document.querySelectorAll("iframe").forEach(function (f) {
      if (f.contentWindow !== e.source) return;
      size(f, d.height);
      if (d.type === "coerce-playground:scroll" && d.top >= 0) {
        var reduce = matchMedia("(prefers-reduced-motion: reduce)").matches;
        scrollTo({top: f.getBoundingClientRect().top + scrollY + d.top, behavior: reduce ? "auto" : "smooth"});
      }
    });
  });
})();
