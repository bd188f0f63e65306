// The exercise page: the student's get_job in Go, compiled in the browser by the Go toolchain
// (exercise-worker.js), run on every row of a get_job table and graded against the lesson's own
// answers (the grader). Nothing is sent to a server: every file comes from this origin once.
//
// The page's state is the file in the editor, the table's link payload, and the last Run's
// outcome; each Run draws the status, the errors and the results from that outcome alone.
"use strict";

(function () {
  var STORE_KEY = "coerce-playground:exercise";
  var TIMEOUT = 5000; // ms a program may run
  var START_LIMIT = 30000; // ms its Worker may take to compile it before it runs
  var root = document.documentElement;
  var code = document.getElementById("code");
  var lines = document.getElementById("code-lines");
  var runButton = document.getElementById("exercise-run");
  var statusEl = document.getElementById("exercise-status");
  var errorsEl = document.getElementById("exercise-errors");
  var resultsEl = document.getElementById("exercise-results");
  var loadEl = document.getElementById("exercise-load");
  var storeEl = document.getElementById("exercise-storage");
  var linkButton = document.getElementById("exercise-copy-link");
  var linkEl = document.getElementById("exercise-link");
  var resetButton = document.getElementById("exercise-reset");

  // storage returns window.localStorage, or null where the browser refuses it: reading the
  // property itself throws then, as wasm/jsguard says of the page's own reads.
  function storage() {
    try {
      var s = window.localStorage;
      return s && typeof s.getItem === "function" ? s : null;
    } catch (e) {
      return null;
    }
  }

  function loadSaved() {
    var s = storage();
    if (!s) return null;
    try {
      return s.getItem(STORE_KEY);
    } catch (e) {
      return null;
    }
  }

  function save(text) {
    var s = storage(), ok = false;
    if (s) {
      try {
        s.setItem(STORE_KEY, text);
        ok = true;
      } catch (e) {}
    }
    storeEl.hidden = ok;
    if (!ok) storeEl.textContent = "This browser refuses storage: your file is not kept when you leave. Copy link keeps it in a link.";
  }

  // fragment reads the link once: code= (the file, base64url of its UTF-8) and table= (the
  // lesson's link payload, handed to the grader as it is).
  function fragment() {
    var out = { code: null, table: "" };
    location.hash.replace(/^#/, "").split("&").forEach(function (kv) {
      var i = kv.indexOf("=");
      if (i < 0) return;
      var k = kv.slice(0, i), v = kv.slice(i + 1);
      if (k === "table") out.table = v;
      if (k === "code") out.code = fromBase64url(v);
    });
    return out;
  }

  function fromBase64url(s) {
    try {
      var bin = atob(s.replace(/-/g, "+").replace(/_/g, "/"));
      var b = new Uint8Array(bin.length);
      for (var i = 0; i < bin.length; i++) b[i] = bin.charCodeAt(i);
      return new TextDecoder("utf-8", { fatal: true }).decode(b);
    } catch (e) {
      return null;
    }
  }

  function toBase64url(text) {
    var b = new TextEncoder().encode(text), bin = "";
    for (var i = 0; i < b.length; i++) bin += String.fromCharCode(b[i]);
    return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  // --- the editor: line numbers, Tab indents (Esc, then Tab, leaves), Ctrl+Enter runs.

  var escaped = false;
  function number() {
    var n = code.value.split("\n").length, s = "";
    for (var i = 1; i <= n; i++) s += i + "\n";
    if (lines.textContent !== s) lines.textContent = s;
    lines.scrollTop = code.scrollTop;
  }

  code.addEventListener("input", function () {
    number();
    save(code.value);
  });
  code.addEventListener("scroll", function () { lines.scrollTop = code.scrollTop; });
  code.addEventListener("keydown", function (e) {
    if ((e.ctrlKey || e.metaKey) && e.key === "Enter") {
      e.preventDefault();
      run();
      return;
    }
    if (e.key === "Escape") {
      escaped = true;
      return;
    }
    if (e.key === "Tab" && !e.shiftKey && !escaped) {
      e.preventDefault();
      var a = code.selectionStart, b = code.selectionEnd;
      code.setRangeText("\t", a, b, "end");
      number();
      save(code.value);
      return;
    }
    escaped = false;
  });

  // place puts the cursor at line and column (Go's: 1-based, the column in bytes).
  function place(line, col) {
    var all = code.value.split("\n"), at = 0;
    for (var i = 0; i < line - 1 && i < all.length; i++) at += all[i].length + 1;
    var text = all[line - 1] || "", bytes = 0, j = 0, enc = new TextEncoder();
    while (j < text.length && bytes < col - 1) {
      var cp = text.codePointAt(j), w = cp > 0xffff ? 2 : 1;
      bytes += enc.encode(String.fromCodePoint(cp)).length;
      j += w;
    }
    code.focus();
    code.setSelectionRange(at + j, at + j);
    var lh = code.scrollHeight / Math.max(all.length, 1);
    code.scrollTop = Math.max(0, (line - 3) * lh);
  }

  // --- the Workers.

  var tools = new Worker("exercise-worker.js");
  var seq = 0, waiting = {};
  tools.onmessage = function (e) {
    if (e.data.type === "rows") return shown(e.data.rows);
    var w = waiting[e.data.id];
    delete waiting[e.data.id];
    if (w) w(e.data);
  };
  function ask(worker, msg) {
    msg.id = ++seq;
    return new Promise(function (resolve) {
      waiting[msg.id] = resolve;
      worker.postMessage(msg, msg.wasm ? [] : []);
    });
  }

  var spare = null; // a program Worker started ahead of the next Run
  function programWorker() {
    var w = spare || new Worker("exercise-worker.js");
    spare = new Worker("exercise-worker.js");
    return w;
  }

  // runProgram runs the built program on stdin in its own Worker: {done}, {stopped: "timeout"}
  // or {stopped: "output"}.
  function runProgram(wasm, stdin) {
    var w = programWorker();
    return new Promise(function (resolve) {
      // The 5 s count from when the program starts; its compile, however slow the machine, is
      // not the student's. A compile that never ends is stopped after START_LIMIT.
      var timer = setTimeout(function () { finish({ stopped: "timeout" }); }, START_LIMIT);
      function finish(r) {
        clearTimeout(timer);
        w.terminate();
        resolve(r);
      }
      w.onmessage = function (e) {
        if (e.data.type === "started") {
          clearTimeout(timer);
          timer = setTimeout(function () { finish({ stopped: "timeout" }); }, TIMEOUT);
        } else if (e.data.type === "capped") finish({ stopped: "output" });
        else if (e.data.type === "done") finish({ done: e.data });
        else finish({ failed: e.data.message || "the program could not start" });
      };
      w.onerror = function () { finish({ failed: "the program's Worker failed" }); };
      w.postMessage({ type: "run", id: 1, wasm: wasm, stdin: stdin });
    });
  }

  // --- drawing.

  function el(tag, attrs, text) {
    var n = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { n.setAttribute(k, attrs[k]); });
    if (text !== undefined) n.textContent = text;
    return n;
  }

  function cap(s, n) {
    s = String(s);
    return s.length > n ? s.slice(0, n) + "…" : s;
  }

  function status(state, sentence) {
    statusEl.setAttribute("data-state", state);
    statusEl.textContent = sentence;
  }

  // drawRows draws one <tr> per row: the lesson's answer and, once graded, the program's.
  function drawRows(rows, verdicts) {
    resultsEl.textContent = "";
    rows.forEach(function (r, i) {
      var v = verdicts && verdicts[i];
      var got = v ? v.got_code : "none";
      var tr = el("tr", { "data-code": got, "data-want": r.code, "data-pass": String(!!(v && v.pass)) });
      if (v && v.dangerous) tr.setAttribute("data-dangerous", "true");
      var input = el("td");
      input.appendChild(el("code", {}, cap(r.input, 200)));
      tr.appendChild(input);
      tr.appendChild(el("td", {}, r.code + (r.field ? " (" + r.field + ")" : "")));
      tr.appendChild(el("td", {}, v ? got + (v.got_field ? " (" + v.got_field + ")" : "") : "—"));
      var mark = !v ? "not run" : v.pass ? "✓ agrees" : v.dangerous ? "⚠ dangerous" : "✗ differs";
      var verdict = el("td", { "class": "mark" }, mark);
      if (v && v.why) verdict.appendChild(el("span", { "class": "why" }, " " + v.why));
      tr.appendChild(verdict);
      var obs = el("td", { "class": "obs" });
      var det = el("details");
      det.appendChild(el("summary", {}, "observations"));
      det.appendChild(el("p", {}, "Yours: " + (v && v.got ? v.got : "(none)")));
      det.appendChild(el("p", {}, "The lesson's: " + r.observation));
      obs.appendChild(det);
      tr.appendChild(obs);
      resultsEl.appendChild(tr);
    });
  }

  // drawErrors lists the compiler's messages; each with a place is a button that puts the
  // cursor there.
  function drawErrors(text) {
    errorsEl.textContent = "";
    text.split("\n").filter(Boolean).slice(0, 20).forEach(function (line) {
      var m = /^\.\/main\.go:(\d+):(\d+): (.*)$/.exec(line);
      var li = el("li");
      if (m) {
        li.setAttribute("data-line", m[1]);
        li.setAttribute("data-col", m[2]);
        var b = el("button", { type: "button" }, "line " + m[1] + ", column " + m[2] + ": " + cap(m[3], 300));
        b.addEventListener("click", function () { place(+m[1], +m[2]); });
        li.appendChild(b);
      } else {
        li.textContent = cap(line, 300);
      }
      errorsEl.appendChild(li);
    });
    errorsEl.hidden = !errorsEl.firstChild;
  }

  // crashLine is the first line of a program's standard error that says why it stopped.
  function crashLine(stderr) {
    var l = stderr.split("\n").filter(function (s) { return /^(panic|fatal error):/.test(s); })[0];
    return cap(l || stderr.split("\n")[0] || "", 200);
  }

  function summary(verdicts) {
    var pass = 0, danger = 0;
    verdicts.forEach(function (v) {
      if (v.pass) pass++;
      if (v.dangerous) danger++;
    });
    return pass + " of " + verdicts.length + " rows agree with the lesson" +
      (danger ? "; " + danger + (danger === 1 ? " row is" : " rows are") + " the dangerous kind: your program accepted what the lesson refuses" : "") + ".";
  }

  // --- Run.

  var state = { rows: [], stdin: "", table: "", running: false };

  function run() {
    if (state.running || runButton.disabled) return;
    state.running = true;
    runButton.disabled = true;
    status("running", "Compiling…");
    drawErrors("");
    var source = code.value;
    ask(tools, { type: "build", source: source }).then(function (b) {
      if (b.type === "failed") throw new Error(b.message);
      if (!b.ok) {
        drawErrors(b.errors);
        drawRows(state.rows, null);
        status("compile_error", b.step === "link" ? "Your program compiled but did not link: see the messages below." :
          "Your program did not compile: click a message to go to its line.");
        return;
      }
      status("running", "Compiled; running your program on " + state.rows.length + " rows…");
      return runProgram(b.wasm, state.stdin).then(function (r) {
        var out = r.done ? r.done.stdout : "";
        return ask(tools, { type: "grade", table: state.table, stdout: out }).then(function (g) {
          var verdicts = g.grade && g.grade.verdicts;
          if (!verdicts) throw new Error(g.grade && g.grade.error || g.message || "the grader did not answer");
          drawRows(state.rows, verdicts);
          if (r.stopped === "timeout") {
            status("stopped", "Your program had not finished after 5 seconds, so it was stopped: look for a loop that never ends, or a read that waits for more input.");
          } else if (r.stopped === "output") {
            status("stopped", "Your program wrote more than 256 KiB, so it was stopped: write one line per row.");
          } else if (r.failed) {
            status("crashed", "Your program could not run: " + cap(r.failed, 200));
          } else if (r.done.code !== 0) {
            var why = crashLine(r.done.stderr);
            status("crashed", "Your program stopped with exit code " + r.done.code + (why ? ": " + why : "") + ". " + summary(verdicts));
          } else {
            status("ran", "Compiled and ran: " + summary(verdicts));
          }
        });
      });
    }).catch(function (err) {
      status("crashed", "The exercise failed: " + cap(err && err.message || err, 200) + ". Reload the page to try again.");
    }).then(function () {
      state.running = false;
      runButton.disabled = false;
    });
  }

  runButton.addEventListener("click", run);
  resetButton.addEventListener("click", function () {
    if (!window.confirm("Replace your file with the starter? Your changes are lost.")) return;
    code.value = starter;
    number();
    save(code.value);
  });
  linkButton.addEventListener("click", function () {
    var url = location.href.replace(/#.*$/, "") + "#code=" + toBase64url(code.value) + (state.table ? "&table=" + state.table : "");
    linkEl.value = url;
    linkEl.hidden = false;
    linkEl.select();
    try {
      navigator.clipboard.writeText(url).catch(function () {});
    } catch (e) {}
  });

  // --- start: the file (the link's, else the kept one, else the starter the grader carries),
  // then the toolchain.

  var starter = "";
  var frag = fragment();
  state.table = frag.table;
  var opening = frag.code !== null ? frag.code : loadSaved();
  if (opening !== null) code.value = opening;
  number();

  // shown draws the table's rows, with the lesson's answers, and the starter when the editor
  // has no file yet: the grader's first answer, before the toolchain is in.
  function shown(rows) {
    if (rows.error) return fail(rows.error);
    state.rows = rows.rows;
    state.stdin = rows.stdin;
    starter = rows.starter;
    if (opening === null) {
      code.value = starter;
      number();
    }
    code.readOnly = false;
    drawRows(state.rows, null);
  }

  function fail(message) {
    root.setAttribute("data-exercise-ready", "failed");
    loadEl.textContent = "The exercise did not load: " + cap(message, 300) + ". If you run this server, run `make build` and reload.";
  }

  ask(tools, { type: "load", table: frag.table }).then(function (r) {
    if (r.type !== "ready") throw new Error(r.message || "the toolchain did not load");
    if (!state.rows.length) return;
    loadEl.textContent = "Ready: Go's own compiler runs in this tab. An exercise may import " + r.allowed.join(", ") + ".";
    runButton.disabled = false;
    root.setAttribute("data-exercise-ready", "true");
    if (navigator.serviceWorker && navigator.serviceWorker.controller) {
      navigator.serviceWorker.controller.postMessage({ type: "keep", urls: [] });
    }
  }).catch(function (err) {
    fail(err && err.message || err);
  });

  // A link pasted into this tab's address bar changes only the fragment: open it as a new visit.
  window.addEventListener("hashchange", function () { location.reload(); });

  if (navigator.serviceWorker && location.protocol !== "file:") {
    navigator.serviceWorker.register("sw.js").catch(function () {});
  }
})();
