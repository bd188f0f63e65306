// Optional, for course pages that allow scripts: <script src="https://PLAYGROUND/host.js" defer></script>
// sizes each playground iframe on the page to the height the playground reports, scrolls the page
// to what the playground asks to show (after Run: the score and the first wrong row), and replaces
// a frame that never reports in (framing refused, server unreachable) with a message and a link.
(function () {
  var origin = new URL(document.currentScript.src).origin; // only messages from the playground's origin
  var heard = new WeakSet();
  function size(f, h) { f.height = String(Math.min(Math.ceil(h), 20000)); }
  addEventListener("message", function (e) {
    var d = e.data;
    if (e.origin !== origin || !d || typeof d.type !== "string" || d.type.indexOf("coerce-playground:") !== 0) return;
    heard.add(e.source);
    if (!(d.height > 0) || (d.type !== "coerce-playground:height" && d.type !== "coerce-playground:scroll")) return;
    document.querySelectorAll("iframe").forEach(function (f) {
      if (f.contentWindow !== e.source) return;
      size(f, d.height);
      if (d.type === "coerce-playground:scroll" && d.top >= 0) {
        var reduce = matchMedia("(prefers-reduced-motion: reduce)").matches;
        scrollTo({top: f.getBoundingClientRect().top + scrollY + d.top, behavior: reduce ? "auto" : "smooth"});
      }
    });
  });
  function blocked(f) {
    var box = document.createElement("div"), p = document.createElement("p"), a = document.createElement("a");
    box.setAttribute("role", "note");
    box.className = "coerce-playground-blocked";
    box.style.border = "1px solid #8a8f98"; box.style.borderRadius = "8px"; box.style.padding = "1rem";
    p.textContent = "The coercion playground could not be shown here: this course site may not be allowed to frame it " +
      "(the playground's ALLOWED_EMBEDDERS), or its server did not answer. ";
    a.href = f.src.replace("/embed.html", "/"); a.target = "_blank"; a.rel = "noopener";
    a.textContent = "Open the playground in a new tab";
    p.appendChild(a); box.appendChild(p);
    f.replaceWith(box);
  }
  function watch(f) {
    if (f.src.indexOf(origin + "/") !== 0) return;
    f.addEventListener("load", function () {
      setTimeout(function () { if (f.isConnected && !heard.has(f.contentWindow)) blocked(f); }, 10000);
    });
  }
  document.querySelectorAll("iframe").forEach(watch);
})();
