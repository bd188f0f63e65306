// Starts app.wasm's download and compile as soon as this first script of the page arrives
// (async: it holds up neither the parser nor the first frame; the CSP allows no inline script),
// with no JavaScript between the network and the compiler: WebAssembly.compileStreaming reads
// the response itself, and the main thread stays free for the first frame of the pre-rendered
// lesson.
//
// loader.js takes over from self.coerceWasm, a promise of {response, module}: response is a
// copy of the answer (its body read for the progress bar and, on failure, to say what went
// wrong) and module the compile's promise, or null where the browser has no compileStreaming
// (loader.js then compiles the bytes it reads). Every failure is loader.js's to explain; this
// file only starts the work. The fetch matches index.html's preload (same mode and
// credentials), so app.wasm is requested once; when loader.js ran first (this file arrived
// late), it has started the same work and this file does nothing.
//
// The service worker is not registered here: its install fetches the page's own files, and
// racing the page's requests for them stalled a throttled load for over a minute in Chromium.
// loader.js, which runs once the page's scripts and stylesheet are in, registers it.
"use strict";

(function () {
  // An embed says it is there at once, before app.wasm arrives: host.js replaces a frame that
  // never reports in (framing refused, server unreachable) with a message.
  if (self.parent !== self) try { self.parent.postMessage({ type: "coerce-playground:loading" }, "*"); } catch (e) {}
})();

// A SCORM package's launch page (<html data-wasm-gzip>) is served by a course site that most
// often compresses nothing, so the package carries app.wasm.gz beside app.wasm: where the
// browser has DecompressionStream (gzip: every browser since 2023; brotli is not in Chromium),
// the page fetches app.wasm.gz and expands it on its way to the compiler, as an application/wasm
// answer whose Content-Length is the download's (loader.js says it); elsewhere, or when
// app.wasm.gz is missing, it fetches app.wasm. A server that adds Content-Encoding: gzip to a
// .gz file has the browser expand it already. Every other page relies on HTTP's
// Content-Encoding, and so does loader.js's start when this file arrives late.
(function () {
  if (self.coerceWasm || typeof WebAssembly !== "object" || typeof fetch !== "function" || typeof Promise !== "function") return;
  var streaming = typeof WebAssembly.compileStreaming === "function";
  var init = { credentials: "same-origin" };
  function expanded(resp) {
    if (!resp.ok || !resp.body) return fetch("app.wasm", init);
    var body = /gzip/i.test(resp.headers.get("Content-Encoding") || "") ? resp.body : resp.body.pipeThrough(new DecompressionStream("gzip"));
    var headers = { "Content-Type": "application/wasm" };
    if (resp.headers.get("Content-Length")) headers["Content-Length"] = resp.headers.get("Content-Length");
    return new Response(body, { headers: headers });
  }
  var gz = document.documentElement.hasAttribute("data-wasm-gzip") && typeof DecompressionStream === "function";
  var fetching = gz ? fetch("app.wasm.gz", init).then(expanded) : fetch("app.wasm", init);
  self.coerceWasm = fetching.then(function (resp) {
    if (!streaming || !resp.ok || !resp.body) return { response: resp, module: null };
    var copy = resp.clone();
    var module = WebAssembly.compileStreaming(resp);
    module.catch(function () {}); // loader.js reports it; no unhandled rejection before it runs
    return { response: copy, module: module };
  });
  self.coerceWasm.catch(function () {});
})();
