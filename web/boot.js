// Starts the two slow parts of the page's start as its first script, before the stylesheet
// and the deferred scripts (a synchronous script in <head>; the CSP allows no inline script):
//
//   - app.wasm's download and compile, with no JavaScript between the network and the
//     compiler: WebAssembly.compileStreaming reads the response itself, off the main thread,
//     which stays free for the first frame of the pre-rendered lesson;
//   - the service worker's install (sw.js keeps the page's files for a visit without network),
//     so that it is done, or nearly, when the app has started.
//
// loader.js takes over from self.coerceBoot: wasm, a promise of {response, module}, where
// response is a copy of the answer (its body read for the progress bar and, on failure, to say
// what went wrong) and module the compile's promise, or null where the browser has no
// compileStreaming (loader.js then compiles the bytes it reads); worker, the registration's
// promise or null; controller, the worker that controlled the page as it opened (a returning
// visit), or null. Every failure is loader.js's to explain; this file only starts the work. The fetch
// matches index.html's preload (same mode and credentials), so app.wasm is requested once.
"use strict";

(function () {
  if (typeof WebAssembly !== "object" || typeof fetch !== "function" || typeof Promise !== "function") return;
  var streaming = typeof WebAssembly.compileStreaming === "function";
  var boot = { wasm: null, worker: null, controller: null };
  boot.wasm = fetch("app.wasm", { credentials: "same-origin" }).then(function (resp) {
    if (!streaming || !resp.ok || !resp.body) return { response: resp, module: null };
    var copy = resp.clone();
    var module = WebAssembly.compileStreaming(resp);
    module.catch(function () {}); // loader.js reports it; no unhandled rejection before it runs
    return { response: copy, module: module };
  });
  boot.wasm.catch(function () {});
  try {
    var sw = navigator.serviceWorker; // reading it can throw where storage is refused
    if (sw && typeof sw.register === "function" && typeof MessageChannel === "function") {
      boot.controller = sw.controller;
      boot.worker = sw.register("sw.js", { scope: "./" });
      boot.worker.catch(function () {});
    }
  } catch (e) {}
  self.coerceBoot = boot;
})();
