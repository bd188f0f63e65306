// Instantiates app.wasm, which boot.js started downloading and compiling, with a progress bar,
// and starts it with wasm_exec.js's Go; registers the service worker meanwhile.
//
// The progress bar's fraction is of the uncompressed size that the build wrote
// into wasm-size.js, since the stream yields uncompressed bytes; the sizes it
// says are of the download as sent (sentSize), compressed. Every failure ends
// in a message on the page, never a blank one.
"use strict";

(function () {
  var WASM_URL = "app.wasm";
  var MAGIC = [0x00, 0x61, 0x73, 0x6d]; // "\0asm"
  var SW_GRACE = 2000; // ms the started app waits at most, before it says it is ready, for the worker's registration
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

  function bytes(n) {
    return n < 1048576 ? Math.round(n / 1024) + " KiB" : (n / 1048576).toFixed(1) + " MiB";
  }

  // progress shows received of total uncompressed bytes, said as the share of the sent bytes
  // (sent, once the answer has come; 0 while unknown) they came in.
  function progress(received, total) {
    if (!bar || !statusEl) return;
    if (total > 0) {
      var f = Math.min(received / total, 1);
      bar.max = 1;
      bar.value = f;
      statusEl.textContent = "Loading the playground… " + Math.round(f * 100) + " %" + (sent > 0 ? " (" + bytes(f * sent) + " of " + bytes(sent) + ")" : "");
    } else {
      bar.removeAttribute("value"); // indeterminate
      statusEl.textContent = "Loading the playground… " + bytes(received);
    }
  }

  // sentSize is the download's size as sent: the answer's Content-Length (of the encoded body
  // when it has a Content-Encoding), else the build's figure for its encoding (a server that
  // compresses as it sends gives no length), else, with no encoding, app.wasm's own size.
  function sentSize(resp) {
    var length = parseInt(resp.headers.get("Content-Length") || "", 10);
    if (length > 0) return length;
    var enc = (resp.headers.get("Content-Encoding") || "identity").trim();
    if (enc === "identity") return total;
    var built = self.COERCE_WASM_SENT;
    return built && built[enc] > 0 ? built[enc] : 0;
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
  var sent = 0; // the download as sent, once its answer has come (sentSize)
  var go = new Go();
  // A crash's traceback prints each frame's pc=: app.wasm carries no function names or lines
  // (build/webbuild's StripTraceback), and `go run serve.go -symbolize` reads them back.
  go.env = { GOTRACEBACK: "system" };

  // worker is navigator.serviceWorker where the page may use it, else null (missing, or
  // refused: storage off, a file: page, a plain-http address other than localhost).
  function worker() {
    try {
      var sw = navigator.serviceWorker;
      if (sw && typeof sw.register === "function" && typeof MessageChannel === "function") return sw;
    } catch (e) {}
    return null;
  }

  // register registers sw.js, or returns null where the browser throws instead of rejecting.
  function register(sw) {
    try {
      return sw.register("sw.js", { scope: "./" });
    } catch (e) {
      return null;
    }
  }

  // downloading is boot.js's download and compile, or the same started here when boot.js has
  // not run (it arrives late, or a page lacks it); self.coerceWasm then tells boot.js it is
  // started.
  function downloading() {
    var b = self.coerceWasm;
    if (b && typeof b.then === "function") return b;
    self.coerceWasm = fetch(WASM_URL, { credentials: "same-origin" }).then(function (resp) {
      if (typeof WebAssembly.compileStreaming !== "function" || !resp.ok || !resp.body) return { response: resp, module: null };
      var copy = resp.clone();
      return { response: copy, module: WebAssembly.compileStreaming(resp) };
    });
    return self.coerceWasm;
  }

  // read reads the body, reporting progress and checking the magic number on the first chunk;
  // it resolves with the bytes when whole is true.
  function read(resp, whole) {
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
        if (whole) chunks.push(r.value);
        received += r.value.length;
        progress(received, total);
        return pump();
      });
    }
    return pump().then(function () {
      if (!whole) return null;
      var out = new Uint8Array(received);
      var off = 0;
      for (var i = 0; i < chunks.length; i++) {
        out.set(chunks[i], off);
        off += chunks[i].length;
      }
      return out.buffer;
    });
  }

  // compile turns boot.js's {response, module} into an instance; arrived resolves once the
  // whole body is here. The compile of a response that is not application/wasm fails
  // (browsers insist on the type), so such a response, and a browser without compileStreaming,
  // is read whole and compiled from its bytes. A failure is explained from the response: its
  // status, then its first bytes, then what the compiler said.
  function compile(b, arrived) {
    var resp = b.response;
    if (!resp.ok) {
      throw new Error("The server answered " + resp.status + " for " + WASM_URL + "." + FIX);
    }
    sent = sentSize(resp);
    var type = (resp.headers.get("Content-Type") || "").split(";")[0].trim();
    if (b.module && type === "application/wasm") {
      var counted = read(resp, false);
      counted.then(arrived, function () {});
      return b.module.then(function (module) {
        return later().then(function () { return WebAssembly.instantiate(module, go.importObject); });
      }, function (err) {
        return counted.then(function () { throw err; });
      });
    }
    if (b.module) b.module.catch(function () {});
    return read(resp, true).then(function (buf) {
      arrived();
      return WebAssembly.instantiate(buf, go.importObject);
    }).then(function (result) {
      return result.instance;
    });
  }

  // later resolves in a task of its own, so that the browser paints and answers input between
  // the steps of the start (the compile's end, the instantiation, the app's first run): none of
  // them is then one long task with the others. scheduler.yield (Chromium 129+) resumes ahead of
  // other queued tasks; elsewhere a timer does.
  function later() {
    return new Promise(function (resolve) {
      try {
        if (self.scheduler && typeof self.scheduler.yield === "function") {
          self.scheduler.yield().then(resolve, resolve);
          return;
        }
      } catch (e) {}
      setTimeout(resolve, 0);
    });
  }

  // installed resolves with the registration once no worker is still installing (its install
  // keeps the files), or with null when there is none or registering failed.
  function installed(registering) {
    if (!registering) return Promise.resolve(null);
    return new Promise(function (resolve) {
      registering.then(function (reg) {
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
        check();
      }, function () { resolve(null); });
    });
  }

  // loadedURLs are the same-origin files this page has loaded: the document, the other document
  // (otherDocument) and every resource, without fragments.
  function loadedURLs() {
    var urls = [location.href.split("#")[0]];
    try {
      performance.getEntriesByType("resource").forEach(function (e) {
        if (new URL(e.name).origin === location.origin) urls.push(e.name.split("#")[0]);
      });
    } catch (e) {}
    return urls;
  }

  // keep asks the worker of reg to keep the files a first visit loaded before the worker
  // controlled the page (app.wasm above all): the worker takes them from the browser's HTTP
  // cache, so nothing is downloaded twice. Once it has, <html data-offline> says "kept" (every
  // file the page needs offline is kept) or "partial".
  function keep(reg) {
    if (!reg || !reg.active) return;
    var ch = new MessageChannel();
    ch.port1.onmessage = function (e) {
      document.documentElement.setAttribute("data-offline", e.data && e.data.ok ? "kept" : "partial");
    };
    reg.active.postMessage({ type: "keep", urls: loadedURLs() }, [ch.port2]);
  }

  // offerUpdate shows the notice that a new version is ready once a worker other than the one
  // that opened this page controls it: a new deploy, installed while the page ran (sw.js
  // serves the page from its cache, so the open page is all of the previous version). The page
  // keeps working; Reload opens the new version, as the next visit would.
  function offerUpdate(sw, opener) {
    var box = document.getElementById("update");
    var button = document.getElementById("update-reload");
    if (!sw || !box || !button) return;
    function check() {
      if (sw.controller && sw.controller !== opener) box.hidden = false;
    }
    button.addEventListener("click", function () { location.reload(); });
    sw.addEventListener("controllerchange", check);
    check();
  }

  // otherDocument fetches the document this page is not (embed.html from the page, the page from
  // the embed), so that the worker, which keeps both, finds it in the HTTP cache; it resolves once
  // the answer is whole, or failed.
  function otherDocument() {
    var name = document.documentElement.hasAttribute("data-embed") ? "./" : "embed.html";
    try {
      return fetch(name, { credentials: "same-origin", priority: "low" }).then(function (resp) {
        return resp.arrayBuffer();
      }).then(function () {}, function () {});
    } catch (e) {
      return Promise.resolve();
    }
  }

  // The page never waits for the service worker: the app runs as soon as app.wasm is
  // instantiated, and ready waits only for self.coerceQuiet, the end of the requests a first
  // visit makes for the worker: sw.js (the registration's fetch) and the other document. The
  // worker's install asks no server for anything: it keeps the page's files from the browser's
  // HTTP cache, where the page's own loading left them (sw.js). Once the page has loaded (its
  // load event waits for app.wasm's preload) and the worker is installed, the page asks it to
  // keep what its install could not find yet ("keep"), from the same cache. So nothing reaches a
  // server after ready, and a first visit is not slower for the worker. SW_GRACE bounds the wait
  // for a registration that hangs.
  //
  // A returning visit (a worker opened the page, from its cache) waits for nothing. The
  // browser checks for a new sw.js on its own, once the page has stopped loading (so waiting
  // for that check, or asking for it sooner with update(), would hold ready for a second or
  // more); a new deploy it finds installs in the background and offerUpdate says so.
  // A SCORM package (data-lms) registers no worker: the course site serves it from its own
  // origin, where a worker's scope would reach other courses' files.
  var sw = document.documentElement.hasAttribute("data-lms") ? null : worker();
  var opener = null; // the worker that opened this page: a returning visit's
  try {
    opener = sw ? sw.controller : null;
  } catch (e) {}
  var arrived;
  var whole = new Promise(function (resolve) { arrived = resolve; });
  var loaded = new Promise(function (resolve) {
    if (document.readyState === "complete") resolve();
    else self.addEventListener("load", function () { resolve(); });
  });
  // The worker is registered in a task after this script's, so that neither is a long task.
  var quiet = !sw ? Promise.resolve() : later().then(function () {
    var registering = register(sw);
    if (!registering) return;
    if (opener) {
      registering.catch(function () {});
      offerUpdate(sw, opener);
      return;
    }
    var requests = Promise.all([registering.catch(function () {}), otherDocument()]);
    Promise.all([installed(registering), whole, loaded, requests]).then(function (r) { return keep(r[0]); }).catch(function () {});
    return requests;
  });

  progress(0, total);
  downloading()
    .then(function (b) { return compile(b, arrived); })
    .then(function (instance) {
      if (statusEl) statusEl.textContent = "Starting the playground…";
      return later().then(function () { return instance; });
    })
    .then(function (instance) {
      var grace = new Promise(function (resolve) { setTimeout(resolve, SW_GRACE); });
      self.coerceQuiet = Promise.race([quiet, grace]).then(function () {}, function () {});
      performance.mark("coerce:run");
      return go.run(instance);
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
