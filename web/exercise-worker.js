// The exercise page's Workers (exercise.js starts two from this one file):
//
//   - the toolchain Worker: "load" fetches the Go compiler, the linker, the standard library's
//     export data (std.tar) and the lesson's grader (grader.wasm), compiles each once, then runs
//     the grader for the table's rows; "build" compiles and links a student's file; "grade" runs
//     the grader on what the student's program wrote. The modules stay compiled, so each Run
//     only instantiates them.
//   - the program Worker, a fresh one for every Run: "run" runs the student's program once on
//     the rows' standard input and answers "done". The page terminates it after 5 s, or when it
//     says "capped": its output passed the cap.
//
// Every file is fetched from this origin, once; the service worker keeps them for offline use.
"use strict";

importScripts("gorun.js", "wasm_exec.js");

var CAP = 256 * 1024; // bytes of standard output a program may write
var tool = null;

function fetchBytes(name) {
  return fetch(name, { credentials: "same-origin" }).then(function (r) {
    if (!r.ok) throw new Error(name + " answered " + r.status);
    return r.arrayBuffer();
  });
}

function compile(name) {
  return fetchBytes(name).then(function (b) { return WebAssembly.compile(b); });
}

// allowed lists the packages an exercise may import: those the compiler's import configuration
// names.
function allowed(std) {
  var cfg = new TextDecoder().decode(std["importcfg.compile"]);
  return cfg.split("\n").map(function (l) {
    var m = /^packagefile ([^=]+)=/.exec(l);
    return m ? m[1] : "";
  }).filter(Boolean).sort();
}

// grader runs the lesson's grader in mode on the table's payload and more input.
function grader(mode, payload, more) {
  var stdin = new TextEncoder().encode(payload + "\n" + (more || ""));
  return GoRun.run(tool.grader, { args: ["grader", mode], stdin: stdin, cap: 8 << 20 }).then(function (r) {
    try {
      return JSON.parse(r.stdout);
    } catch (e) {
      return { error: "the lesson's grader did not answer" };
    }
  });
}

// friendly rewrites the compiler's message for an import it cannot find into one that says why.
function friendly(errors, pkgs) {
  return errors.replace(/could not import (\S+) \([^)\n]*\)/g, function (_, p) {
    return "cannot import " + p + ": an exercise may import " + pkgs.join(", ");
  });
}

var handlers = {
  // load answers "rows" as soon as the grader has read the table (the page shows the rows and
  // the starter file), and "ready" once the toolchain is compiled too.
  load: function (d) {
    var toolchain = Promise.all([compile("compile.wasm"), compile("link.wasm"), fetchBytes("std.tar")]);
    toolchain.catch(function () {});
    return compile("grader.wasm").then(function (g) {
      tool = { grader: g };
      return grader("rows", d.table || "");
    }).then(function (rows) {
      tool.starter = rows.starter || "";
      self.postMessage({ type: "rows", rows: rows });
      return toolchain;
    }).then(function (r) {
      tool.compile = r[0];
      tool.link = r[1];
      tool.std = GoRun.untar(new Uint8Array(r[2]));
      tool.allowed = allowed(tool.std);
      return { type: "ready", allowed: tool.allowed };
    });
  },
  build: function (d) {
    var start = performance.now();
    return GoRun.build(tool, d.source).then(function (b) {
      var out = { type: "built", ok: b.ok, step: b.step || "", ms: performance.now() - start };
      if (b.ok) out.wasm = b.wasm;
      else out.errors = friendly(b.errors, tool.allowed);
      return out;
    });
  },
  grade: function (d) {
    return grader("grade", d.table || "", d.stdout).then(function (g) {
      return { type: "graded", grade: g };
    });
  },
  run: function (d) {
    var capped = false;
    return WebAssembly.compile(d.wasm).then(function (m) {
      self.postMessage({ type: "started", id: d.id }); // the 5 s start now, not before the compile
      return GoRun.run(m, {
        args: ["main"], stdin: new TextEncoder().encode(d.stdin), cap: CAP,
        onOutput: function (n) {
          if (n > CAP && !capped) {
            capped = true;
            self.postMessage({ type: "capped", id: d.id });
          }
        },
      });
    }).then(function (r) {
      return { type: "done", code: r.code, stdout: r.stdout, stderr: r.stderr, outBytes: r.outBytes };
    });
  },
};

// warm builds the starter once, unseen, right after "ready": V8 compiles the compiler's and the
// linker's functions as they are first called, so the first build in a tab is the slow one, and
// it is better spent before the student presses Run.
function warm() {
  return tool && tool.starter ? GoRun.build(tool, tool.starter).catch(function () {}) : null;
}

// Messages are handled one at a time, in order: the programs share globalThis.fs while they run.
var queue = Promise.resolve();
self.onmessage = function (e) {
  var d = e.data || {};
  var h = handlers[d.type];
  if (!h) return;
  queue = queue.then(function () { return h(d); }).then(function (out) {
    out.id = d.id;
    self.postMessage(out);
  }, function (err) {
    self.postMessage({ type: "failed", id: d.id, message: String(err && err.message || err).slice(0, 300) });
  });
  if (d.type === "load") queue = queue.then(warm);
};
