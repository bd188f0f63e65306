// Loads app.wasm with a progress bar and starts it with wasm_exec.js's Go.
//
// The progress total is the uncompressed size that the build wrote into
// wasm-size.js: Content-Length is the compressed size, while the stream
// yields uncompressed bytes. Every failure ends in a message on the page,
// never a blank one.
"use strict";

(function () {
  var WASM_URL = "app.wasm";
  var MAGIC = [0x00, 0x61, 0x73, 0x6d]; // "\0asm"
  var SW_WAIT = 8000; // ms a returning visit waits for its check for a new deploy before it goes on without
  var SW_GRACE = 2000; // ms a first visit's compiled app waits at most for the worker to have kept the files
  var FIX = " If you run this server, run `make build` (or `go run serve.go`) and reload; otherwise tell your instructor.";

  var statusEl = document.getElementById("load-status");
  var bar = document.getElementById("load-progress");
  var loading = document.getElementById("loading");
  var errorEl = document.getElementById("load-error");

  function fail(message, detail) {
    document.documentElement.setAttribute("data-load", "failed");
    if (loading) loading.hidden = true;
    if (!errorEl) return;
    errorEl.textContent = "";
    var p = document.createElement("p");
    p.textContent = message;
    errorEl.appendChild(p);
    if (detail) {
      var d = document.createElement("p");
      d.className = "detail";
      d.textContent = "Details: " + detail;
      errorEl.appendChild(d);
    }
    errorEl.hidden = false;
  }

  function mb(n) {
    return (n / 1048576).toFixed(1) + " MB";
  }

  function progress(received, total) {
    if (!bar || !statusEl) return;
    if (total > 0) {
      var f = Math.min(received / total, 1);
      bar.max = 1;
      bar.value = f;
      statusEl.textContent = "Loading the playground… " + Math.round(f * 100) + " % (" + mb(Math.min(received, total)) + " of " + mb(total) + ")";
    } else {
      bar.removeAttribute("value"); // indeterminate
      statusEl.textContent = "Loading the playground… " + mb(received);
    }
  }

  function isWasm(bytes) {
    if (bytes.length < 4) return false;
    for (var i = 0; i < 4; i++) {
      if (bytes[i] !== MAGIC[i]) return false;
    }
    return true;
  }

  function notWasmMessage(bytes) {
    var head = "";
    for (var i = 0; i < Math.min(bytes.length, 16); i++) {
      head += String.fromCharCode(bytes[i]);
    }
    if (/^\s*</.test(head)) {
      return "The server sent a web page instead of the playground's WebAssembly file." + FIX;
    }
    return "The server sent something that is not a WebAssembly file." + FIX;
  }

  if (typeof WebAssembly !== "object" || typeof WebAssembly.instantiate !== "function") {
    fail("This browser cannot run WebAssembly, which the playground needs. Use a current version of Firefox, Chrome, Edge or Safari, and check that WebAssembly is not turned off.");
    return;
  }
  if (typeof Go !== "function") {
    fail("wasm_exec.js did not load, so the playground cannot start." + FIX);
    return;
  }
  if (typeof fetch !== "function") {
    fail("This browser is too old to load the playground (it has no fetch). Use a current browser.");
    return;
  }

  var total = typeof self.COERCE_WASM_SIZE === "number" ? self.COERCE_WASM_SIZE : 0;
  var go = new Go();

  // readAll reads the body, reporting progress and checking the magic number
  // on the first chunk, and returns the bytes.
  function readAll(resp) {
    if (!resp.body || typeof resp.body.getReader !== "function") {
      return resp.arrayBuffer().then(function (buf) {
        var bytes = new Uint8Array(buf);
        if (!isWasm(bytes)) throw new Error(notWasmMessage(bytes));
        progress(bytes.length, bytes.length);
        return buf;
      });
    }
    var reader = resp.body.getReader();
    var chunks = [];
    var received = 0;
    function pump() {
      return reader.read().then(function (r) {
        if (r.done) return;
        if (received === 0 && !isWasm(r.value)) {
          reader.cancel();
          throw new Error(notWasmMessage(r.value));
        }
        chunks.push(r.value);
        received += r.value.length;
        progress(received, total);
        return pump();
      });
    }
    return pump().then(function () {
      var out = new Uint8Array(received);
      var off = 0;
      for (var i = 0; i < chunks.length; i++) {
        out.set(chunks[i], off);
        off += chunks[i].length;
      }
      return out.buffer;
    });
  }

  // counting wraps the body in a stream that reports progress and checks the
  // magic number, so instantiateStreaming still compiles while it downloads.
  function counting(resp) {
    var reader = resp.body.getReader();
    var received = 0;
    var stream = new ReadableStream({
      pull: function (controller) {
        return reader.read().then(function (r) {
          if (r.done) {
            controller.close();
            return;
          }
          if (received === 0 && !isWasm(r.value)) {
            reader.cancel();
            controller.error(new Error(notWasmMessage(r.value)));
            return;
          }
          received += r.value.length;
          progress(received, total);
          controller.enqueue(r.value);
        });
      },
      cancel: function (reason) {
        return reader.cancel(reason);
      }
    });
    return new Response(stream, { headers: { "Content-Type": "application/wasm" } });
  }

  // worker is navigator.serviceWorker where the page may use it, else null (missing, or
  // refused: storage off, a file: page, a plain-http address other than localhost).
  function worker() {
    try {
      var sw = navigator.serviceWorker;
      if (sw && typeof sw.register === "function" && typeof Promise === "function" && typeof MessageChannel === "function") return sw;
    } catch (e) {}
    return null;
  }

  // offline registers the service worker (sw.js), which keeps the page's files for a visit
  // without network, and resolves with its registration once no worker is still installing
  // (its install keeps the files), or with null when it fails or takes longer than SW_WAIT.
  // An online returning visit also checks for a new deploy here.
  function offline(sw) {
    if (!sw) return Promise.resolve(null);
    return new Promise(function (resolve) {
      setTimeout(function () { resolve(null); }, SW_WAIT);
      sw.register("sw.js", { scope: "./" }).then(function (reg) {
        // A new worker claims the page while it activates, before its state is
        // "activated"; a page loaded with a hard reload stays uncontrolled.
        function check() {
          if (reg.installing || reg.waiting) return;
          if (!reg.active || reg.active.state === "activated") resolve(reg);
        }
        function watch(w) {
          if (w) w.addEventListener("statechange", check);
        }
        reg.addEventListener("updatefound", function () {
          watch(reg.installing);
        });
        watch(reg.installing);
        watch(reg.waiting);
        watch(reg.active);
        var update = reg.active && sw.controller && navigator.onLine !== false ? reg.update() : Promise.resolve();
        update.then(check, check);
      }, function () { resolve(null); });
    });
  }

  // keep asks the worker of reg to keep app.wasm, which a first visit fetched before the
  // worker controlled the page: the worker takes it from the browser's HTTP cache, where the
  // page's own download left it, so it is not downloaded twice. It resolves once the worker
  // has it, or after SW_GRACE.
  function keep(reg) {
    if (!reg || !reg.active) return Promise.resolve();
    return new Promise(function (resolve) {
      setTimeout(resolve, SW_GRACE);
      var ch = new MessageChannel();
      ch.port1.onmessage = function () { resolve(); };
      reg.active.postMessage({ type: "keep", url: WASM_URL }, [ch.port2]);
    });
  }

  // A returning visit (the worker controls the page) checks for a new deploy before it asks
  // for app.wasm, which then comes from the worker's cache. The first visit never waits: it
  // fetches app.wasm at once (the preload has already started it) while the worker installs,
  // and before the app starts, waits at most SW_GRACE for the worker to have kept the files
  // and app.wasm, so nothing is fetched once the page is ready.
  var sw = worker();
  var controlled = false;
  try {
    controlled = !!(sw && sw.controller);
  } catch (e) {}
  var registered = offline(sw);
  var before = controlled ? registered : Promise.resolve();
  var grace = function () {
    return new Promise(function (resolve) { setTimeout(resolve, SW_GRACE); });
  };

  progress(0, total);
  before
    .then(function () {
      return fetch(WASM_URL, { credentials: "same-origin" });
    })
    .then(function (resp) {
      if (!resp.ok) {
        throw new Error("The server answered " + resp.status + " for " + WASM_URL + "." + FIX);
      }
      var type = (resp.headers.get("Content-Type") || "").split(";")[0].trim();
      var streaming = typeof WebAssembly.instantiateStreaming === "function" &&
        typeof ReadableStream === "function" && resp.body && typeof resp.body.getReader === "function" &&
        type === "application/wasm";
      if (streaming) {
        return WebAssembly.instantiateStreaming(counting(resp), go.importObject);
      }
      return readAll(resp).then(function (buf) {
        return WebAssembly.instantiate(buf, go.importObject);
      });
    })
    .then(function (result) {
      if (controlled) return result;
      var kept = registered.then(keep).then(function () { return result; });
      return Promise.race([kept, grace().then(function () { return result; })]);
    })
    .then(function (result) {
      if (statusEl) statusEl.textContent = "Starting the playground…";
      return go.run(result.instance);
    })
    .then(function () {
      // The app never returns while the page is open; it returning means it
      // stopped, most likely after an error it could not recover from.
      fail("The playground stopped unexpectedly. Reload the page to start it again.", "the WebAssembly program exited");
    })
    .catch(function (err) {
      var msg = err && err.message ? err.message : String(err);
      if (err instanceof WebAssembly.CompileError || err instanceof WebAssembly.LinkError) {
        fail("The playground's WebAssembly file could not be compiled." + FIX, msg);
      } else if (err instanceof TypeError && /fetch|network/i.test(msg)) {
        fail("The playground's WebAssembly file could not be downloaded. Check your connection and reload.", msg);
      } else {
        fail(/^The /.test(msg) ? msg : "The playground could not start.", /^The /.test(msg) ? "" : msg);
      }
    });
})();
