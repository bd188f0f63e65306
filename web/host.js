// Optional, for course pages that allow scripts: <script src="https://PLAYGROUND/host.js" defer></script>
// sizes each playground iframe on the page to the height the playground reports.
(function () {
  var origin = new URL(document.currentScript.src).origin; // only messages from the playground's origin
  addEventListener("message", function (e) {
    var d = e.data;
    if (e.origin !== origin || !d || d.type !== "coerce-playground:height" || !(d.height > 0)) return;
    document.querySelectorAll("iframe").forEach(function (f) { if (f.contentWindow === e.source) f.height = String(Math.min(Math.ceil(d.height), 20000)); });
  });
})();
