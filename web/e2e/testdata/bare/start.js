// Starts app.wasm the plain way: streaming compile while it downloads.
"use strict";
(function () {
  var go = new Go();
  WebAssembly.instantiateStreaming(fetch("app.wasm"), go.importObject)
    .then(function (r) { return go.run(r.instance); })
    .catch(function (err) {
      document.documentElement.setAttribute("data-load", "failed");
      document.body.append("The page could not start: " + err);
    });
})();
