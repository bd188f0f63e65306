// The playground's service worker: after one visit the page opens and runs
// with the network off (a classroom's Wi-Fi drops). Same origin only; it
// never fetches anything on its own after install.
//
// The server fills in CONFIG (web.ServiceWorker): the version (a hash of the
// page's files under serve.go; of the bundle under make dist), the files to
// keep at install, and the files kept as the page loads them (app.wasm,
// whose download the loader's progress bar shows, is not fetched twice).
//
//   - install: keeps the precache files, app.wasm and the two documents in the
//     cache of this version, on a first install from the browser's HTTP cache
//     only (the page has just loaded them; nothing reaches a server); an
//     update (a new deploy, found while a page of the previous version runs)
//     fetches them, since no page of this version has loaded them;
//   - activate: deletes the caches of other versions, takes over the page;
//   - the page and the embed page: from the cache, so a returning visit opens
//     at once, online or not, and a page is always one version's files (the
//     document names them by their plain names under serve.go). A new
//     version is installed in the background; the open page then offers to
//     reload into it (loader.js), and the next visit opens it;
//   - any other navigation in scope: network first, the kept page when the
//     network fails;
//   - a kept file: from the cache, else from the network, kept as it passes.
//
//   - a "keep" message from the page, once loaded: keeps what the install
//     could not (a first visit's app.wasm, still downloading then), from the
//     HTTP cache.
//
// loader.js registers it once the page's scripts and stylesheet are in, while
// app.wasm downloads and compiles (boot.js); the page waits for neither its
// install nor its keeping: neither asks a server for anything.
"use strict";

var CONFIG = {"version": "unbuilt", "precache": [], "lazy": [], "exercise": []};

var PREFIX = "coerce-playground-";
var CACHE = PREFIX + CONFIG.version;
var DOCUMENTS = ["./", "embed.html", "exercise.html"];
var NAV_TIMEOUT = 5000; // ms before a stalled network gives way to the kept page

function scoped(name) {
  return new URL(name, self.registration.scope).href;
}

// The exercise's files (its scripts, the grader and the Go toolchain, some 12 MB) are kept as
// the exercise page loads them, never fetched by an install: most visitors never open it.
var KEPT = CONFIG.precache.concat(CONFIG.lazy, CONFIG.exercise || [], DOCUMENTS).map(scoped);

// A first install sends nothing to any server: the page that registered this worker has just
// loaded every file it keeps, so each is taken from the browser's HTTP cache (fromHTTPCache). A
// file not there yet (app.wasm still downloading, the icon not asked for yet) is kept when the
// page, once loaded, says "keep" (loader.js). An update (a new deploy, found while a page of the
// previous version runs) fetches the new files, lazy ones too, since no page of this version
// has loaded them.
self.addEventListener("install", function (event) {
  event.waitUntil(Promise.all([caches.open(CACHE), caches.keys()]).then(function (r) {
    var cache = r[0];
    var update = r[1].some(function (k) {
      return k.indexOf(PREFIX) === 0 && k !== CACHE;
    });
    if (!update) return keepFromHTTPCache(cache, KEPT);
    // The documents are optional: a server of the page alone has no embed.html.
    var docs = DOCUMENTS.map(function (d) {
      return cache.add(scoped(d)).catch(function () {});
    });
    return Promise.all([cache.addAll(CONFIG.precache.concat(CONFIG.lazy).map(scoped))].concat(docs));
  }).then(function () {
    return self.skipWaiting();
  }));
});

// fromHTTPCache is the browser's HTTP cache's copy of url, fresh or stale, or null: a request
// with cache "only-if-cached" never reaches a server.
function fromHTTPCache(url) {
  return fetch(new Request(url, { cache: "only-if-cached", mode: "same-origin", credentials: "same-origin" })).then(function (response) {
    return response.status === 200 && response.type === "basic" ? response : null;
  }, function () {
    return null;
  });
}

// keepFromHTTPCache keeps each of urls not kept yet that the HTTP cache holds; it resolves with
// the urls kept.
function keepFromHTTPCache(cache, urls) {
  return Promise.all(urls.map(function (url) {
    return cache.match(url).then(function (hit) {
      if (hit) return true;
      return fromHTTPCache(url).then(function (response) {
        if (!response) return false;
        return cache.put(url, response).then(function () { return true; });
      });
    }).catch(function () { return false; });
  })).then(function (kept) {
    return urls.filter(function (url, i) { return kept[i]; });
  });
}

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (k) {
      return k.indexOf(PREFIX) === 0 && k !== CACHE;
    }).map(function (k) {
      return caches.delete(k);
    }));
  }).then(function () {
    return self.clients.claim();
  }));
});

// keep stores a whole, plain answer; a partial or failed one passes by.
function keep(request, response) {
  if (response && response.status === 200 && response.type === "basic") {
    var copy = response.clone();
    caches.open(CACHE).then(function (cache) {
      return cache.put(request, copy);
    }).catch(function () {});
  }
  return response;
}

// keptDocument is the document a navigation falls back on: embed.html for
// /embed and /embed.html, the page for anything else in scope.
function keptDocument(url) {
  var path = new URL(url).pathname;
  var name = /\/embed(\.html)?$/.test(path) ? "embed.html" : /\/exercise\.html$/.test(path) ? "exercise.html" : "./";
  return caches.open(CACHE).then(function (cache) {
    return cache.match(url, { ignoreSearch: true }).then(function (r) {
      return r || cache.match(scoped(name));
    });
  });
}

// document names the kept document that url is, or "" when it is none: the
// page at the scope (or its index.html), the embed page (/embed, /embed.html) and the exercise
// page (/exercise.html).
function documentName(url) {
  var path = new URL(url).pathname;
  var scope = new URL(self.registration.scope).pathname;
  if (path === scope || path === scope + "index.html") return "./";
  if (path === scope + "embed" || path === scope + "embed.html") return "embed.html";
  if (path === scope + "exercise.html") return "exercise.html";
  return "";
}

function navigate(request) {
  var name = documentName(request.url);
  if (name) {
    var kept = caches.open(CACHE).then(function (cache) {
      return cache.match(scoped(name));
    });
    return kept.then(function (r) {
      return r || fromNetwork(request);
    }, function () {
      return fromNetwork(request);
    });
  }
  return fromNetwork(request);
}

// fromNetwork is a navigation from the network, the kept document when it fails or stalls.
function fromNetwork(request) {
  var name = documentName(request.url);
  var network = fetch(request).then(function (response) {
    if (name) keep(scoped(name), response);
    return response;
  });
  var fallback = function () {
    return keptDocument(request.url).then(function (r) {
      return r || network;
    });
  };
  var stalled = new Promise(function (resolve) {
    setTimeout(resolve, NAV_TIMEOUT);
  }).then(function () {
    return keptDocument(request.url).then(function (r) {
      return r || network;
    });
  });
  return Promise.race([network.catch(fallback), stalled]);
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET" || request.headers.has("Range")) return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(navigate(request));
    return;
  }
  url.hash = "";
  url.search = "";
  if (KEPT.indexOf(url.href) < 0) return; // /oembed, host.js, anything else: the network's
  event.respondWith(caches.open(CACHE).then(function (cache) {
    return cache.match(url.href);
  }).then(function (hit) {
    return hit || fetch(request).then(function (response) {
      return keep(url.href, response);
    });
  }));
});

// A first visit's page loaded its files before this worker controlled it; once the page has
// loaded (the window's load event, which waits for app.wasm's preload), it asks the worker to
// keep them ("keep", with the urls it loaded), and the worker takes what its install could not
// from the HTTP cache: no file is downloaded twice and no server is asked. The reply (on the
// port the message carries) says whether every one of the page's urls that it keeps is kept;
// a file the page never loaded (the manifest's icon) is kept when the browser first asks for it.
self.addEventListener("message", function (event) {
  var d = event.data;
  var port = event.ports && event.ports[0];
  if (!d || d.type !== "keep") return;
  var loaded = Array.isArray(d.urls) ? d.urls.filter(function (u) { return KEPT.indexOf(u) >= 0; }) : [];
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return keepFromHTTPCache(cache, KEPT);
  }).then(function (kept) {
    var ok = loaded.every(function (u) { return kept.indexOf(u) >= 0; });
    if (port) port.postMessage({ type: "kept", ok: ok });
  }, function () {
    if (port) port.postMessage({ type: "kept", ok: false });
  }));
});
