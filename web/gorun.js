// gorun.js runs a Go js/wasm program over an in-memory file system, in a Web Worker of the
// exercise page (exercise-worker.js) and under Node in the toolchain's tests: the same code.
//
// Go's js/wasm runtime (wasm_exec.js) does every file operation through globalThis.fs with
// Node's callback API. MemFS is the part of that API Go calls (syscall/fs_js.go): open, close,
// read, write (with and without a position), fstat/stat/lstat, mkdir, readdir, unlink, rmdir,
// rename, ftruncate/truncate, fsync, chmod, utimes; anything else answers ENOSYS. Standard input
// is a fixed byte string; standard output and error are collected up to a cap, and the rest is
// counted, not kept.
//
// GoRun.run(module, options) instantiates a compiled WebAssembly.Module as a fresh Go program
// and resolves, when it exits, with {code, stdout, stderr, outBytes, files}. Programs run one
// at a time in a realm: globalThis.fs is theirs while they run.
"use strict";

(function (root) {
  var S_IFDIR = 0o40000;
  var S_IFREG = 0o100000;
  var O = { O_WRONLY: 1, O_RDWR: 2, O_CREAT: 64, O_EXCL: 128, O_TRUNC: 512, O_APPEND: 1024, O_DIRECTORY: 65536 };

  // A Worker has no process; Go asks it for its working directory (the file system's) and ids.
  if (!root.process) {
    root.process = {
      getuid: function () { return -1; }, getgid: function () { return -1; },
      geteuid: function () { return -1; }, getegid: function () { return -1; },
      getgroups: function () { return []; }, pid: -1, ppid: -1,
      umask: function () { return 0o22; },
      cwd: function () { return root.fs && root.fs.cwd ? root.fs.cwd : "/"; },
      chdir: function () { throw fsError("ENOSYS"); },
    };
  }

  function fsError(code) {
    var e = new Error(code);
    e.code = code;
    return e;
  }

  // clean turns a path into an absolute one without "." and ".." segments.
  function clean(path, cwd) {
    var out = [];
    path = String(path);
    if (path.charAt(0) !== "/") path = (cwd || "/") + "/" + path;
    path.split("/").forEach(function (seg) {
      if (seg === "" || seg === ".") return;
      if (seg === "..") out.pop();
      else out.push(seg);
    });
    return "/" + out.join("/");
  }

  function parent(path) {
    var i = path.lastIndexOf("/");
    return i <= 0 ? "/" : path.slice(0, i);
  }

  // MemFS holds files (path → Uint8Array) and directories; every parent of a file exists.
  function MemFS(files, stdin, cap, cwd) {
    this.cwd = cwd || "/";
    this.nodes = new Map([["/", { dir: true, mtime: Date.now() }]]);
    this.fds = new Map();
    this.nextFD = 3;
    this.stdin = stdin || new Uint8Array(0);
    this.stdinPos = 0;
    this.cap = cap;
    this.out = { 1: [], 2: [] };
    this.kept = { 1: 0, 2: 0 };
    this.outBytes = 0;
    this.constants = O;
    var self = this;
    Object.keys(files || {}).forEach(function (p) { self.put(p, files[p]); });
  }

  MemFS.prototype.abs = function (path) { return clean(path, this.cwd); };

  MemFS.prototype.put = function (path, data) {
    path = this.abs(path);
    this.mkdirAll(parent(path));
    this.nodes.set(path, { dir: false, data: data, size: data.length, mtime: Date.now() });
  };

  MemFS.prototype.mkdirAll = function (path) {
    if (path === "/" || this.nodes.has(path)) return;
    this.mkdirAll(parent(path));
    this.nodes.set(path, { dir: true, mtime: Date.now() });
  };

  // file returns the bytes of path, trimmed to its size, or null.
  MemFS.prototype.file = function (path) {
    var n = this.nodes.get(this.abs(path));
    return n && !n.dir ? n.data.subarray(0, n.size) : null;
  };

  MemFS.prototype.text = function (fd) {
    var parts = this.out[fd], total = 0;
    parts.forEach(function (p) { total += p.length; });
    var all = new Uint8Array(total), off = 0;
    parts.forEach(function (p) { all.set(p, off); off += p.length; });
    return new TextDecoder("utf-8").decode(all);
  };

  MemFS.prototype.writeSync = function (fd, buf) {
    if (fd !== 1 && fd !== 2) {
      var n = 0;
      this.write(fd, buf, 0, buf.length, null, function (err, wrote) {
        if (err) throw err;
        n = wrote;
      });
      return n;
    }
    this.outBytes += buf.length;
    var room = this.cap - this.kept[fd];
    if (room > 0) {
      var part = buf.slice(0, Math.min(room, buf.length));
      this.out[fd].push(part);
      this.kept[fd] += part.length;
    }
    if (this.onOutput) this.onOutput(this.outBytes);
    return buf.length;
  };

  function stat(n) {
    var mode = n.dir ? S_IFDIR | 0o755 : S_IFREG | 0o644;
    return {
      dev: 1, ino: 1, mode: mode, nlink: 1, uid: 0, gid: 0, rdev: 0,
      size: n.dir ? 0 : n.size, blksize: 4096, blocks: Math.ceil((n.dir ? 0 : n.size) / 512),
      atimeMs: n.mtime, mtimeMs: n.mtime, ctimeMs: n.mtime,
      isDirectory: function () { return n.dir; },
    };
  }

  MemFS.prototype.open = function (path, flags, mode, cb) {
    path = this.abs(path);
    var n = this.nodes.get(path);
    if (n && (flags & O.O_CREAT) && (flags & O.O_EXCL)) return cb(fsError("EEXIST"));
    if (!n) {
      if (!(flags & O.O_CREAT)) return cb(fsError("ENOENT"));
      var dir = this.nodes.get(parent(path));
      if (!dir) return cb(fsError("ENOENT"));
      if (!dir.dir) return cb(fsError("ENOTDIR"));
      n = { dir: false, data: new Uint8Array(0), size: 0, mtime: Date.now() };
      this.nodes.set(path, n);
    }
    if ((flags & O.O_DIRECTORY) && !n.dir) return cb(fsError("ENOTDIR"));
    if (n.dir && (flags & (O.O_WRONLY | O.O_RDWR))) return cb(fsError("EISDIR"));
    if (!n.dir && (flags & O.O_TRUNC)) n.size = 0;
    var fd = this.nextFD++;
    this.fds.set(fd, { node: n, path: path, pos: 0, append: !!(flags & O.O_APPEND) });
    cb(null, fd);
  };

  MemFS.prototype.close = function (fd, cb) {
    if (!this.fds.delete(fd)) return cb(fsError("EBADF"));
    cb(null);
  };

  MemFS.prototype.read = function (fd, buf, off, len, pos, cb) {
    if (fd === 0) {
      var m = Math.min(len, this.stdin.length - this.stdinPos);
      buf.set(this.stdin.subarray(this.stdinPos, this.stdinPos + m), off);
      this.stdinPos += m;
      return cb(null, m);
    }
    var f = this.fds.get(fd);
    if (!f) return cb(fsError("EBADF"));
    if (f.node.dir) return cb(fsError("EISDIR"));
    var at = pos === null || pos === undefined ? f.pos : pos;
    var k = Math.max(0, Math.min(len, f.node.size - at));
    buf.set(f.node.data.subarray(at, at + k), off);
    if (pos === null || pos === undefined) f.pos += k;
    cb(null, k);
  };

  // grow makes room for size bytes in a file node, doubling so that many small writes stay linear.
  function grow(n, size) {
    if (size <= n.data.length) return;
    var next = new Uint8Array(Math.max(size, n.data.length * 2, 4096));
    next.set(n.data.subarray(0, n.size));
    n.data = next;
  }

  MemFS.prototype.write = function (fd, buf, off, len, pos, cb) {
    if (fd === 1 || fd === 2) {
      return cb(null, this.writeSync(fd, buf.subarray(off, off + len)));
    }
    var f = this.fds.get(fd);
    if (!f) return cb(fsError("EBADF"));
    var n = f.node;
    var at = pos === null || pos === undefined ? (f.append ? n.size : f.pos) : pos;
    grow(n, at + len);
    if (at > n.size) n.data.fill(0, n.size, at);
    n.data.set(buf.subarray(off, off + len), at);
    n.size = Math.max(n.size, at + len);
    n.mtime = Date.now();
    if (pos === null || pos === undefined) f.pos = at + len;
    cb(null, len);
  };

  MemFS.prototype.fstat = function (fd, cb) {
    if (fd >= 0 && fd <= 2) return cb(null, stat({ dir: false, size: 0, mtime: Date.now() }));
    var f = this.fds.get(fd);
    if (!f) return cb(fsError("EBADF"));
    cb(null, stat(f.node));
  };

  MemFS.prototype.stat = function (path, cb) {
    var n = this.nodes.get(this.abs(path));
    if (!n) return cb(fsError("ENOENT"));
    cb(null, stat(n));
  };
  MemFS.prototype.lstat = MemFS.prototype.stat;

  MemFS.prototype.mkdir = function (path, perm, cb) {
    path = this.abs(path);
    if (this.nodes.has(path)) return cb(fsError("EEXIST"));
    var dir = this.nodes.get(parent(path));
    if (!dir) return cb(fsError("ENOENT"));
    if (!dir.dir) return cb(fsError("ENOTDIR"));
    this.nodes.set(path, { dir: true, mtime: Date.now() });
    cb(null);
  };

  MemFS.prototype.children = function (path) {
    var prefix = path === "/" ? "/" : path + "/";
    var names = [];
    this.nodes.forEach(function (n, p) {
      if (p !== path && p.indexOf(prefix) === 0 && p.indexOf("/", prefix.length) < 0) names.push(p.slice(prefix.length));
    });
    return names.sort();
  };

  MemFS.prototype.readdir = function (path, cb) {
    path = this.abs(path);
    var n = this.nodes.get(path);
    if (!n) return cb(fsError("ENOENT"));
    if (!n.dir) return cb(fsError("ENOTDIR"));
    cb(null, this.children(path));
  };

  MemFS.prototype.unlink = function (path, cb) {
    path = this.abs(path);
    var n = this.nodes.get(path);
    if (!n) return cb(fsError("ENOENT"));
    if (n.dir) return cb(fsError("EISDIR"));
    this.nodes.delete(path);
    cb(null);
  };

  MemFS.prototype.rmdir = function (path, cb) {
    path = this.abs(path);
    var n = this.nodes.get(path);
    if (!n) return cb(fsError("ENOENT"));
    if (!n.dir) return cb(fsError("ENOTDIR"));
    if (this.children(path).length) return cb(fsError("ENOTEMPTY"));
    this.nodes.delete(path);
    cb(null);
  };

  MemFS.prototype.rename = function (from, to, cb) {
    from = this.abs(from);
    to = this.abs(to);
    var n = this.nodes.get(from);
    if (!n) return cb(fsError("ENOENT"));
    if (n.dir) return cb(fsError("ENOSYS"));
    if (!this.nodes.has(parent(to))) return cb(fsError("ENOENT"));
    this.nodes.delete(from);
    this.nodes.set(to, n);
    cb(null);
  };

  MemFS.prototype.ftruncate = function (fd, length, cb) {
    var f = this.fds.get(fd);
    if (!f) return cb(fsError("EBADF"));
    grow(f.node, length);
    if (length > f.node.size) f.node.data.fill(0, f.node.size, length);
    f.node.size = length;
    cb(null);
  };

  MemFS.prototype.truncate = function (path, length, cb) {
    var self = this;
    this.open(path, O.O_WRONLY, 0, function (err, fd) {
      if (err) return cb(err);
      self.ftruncate(fd, length, function (err2) {
        self.fds.delete(fd);
        cb(err2);
      });
    });
  };

  function ok() { arguments[arguments.length - 1](null); }
  function enosys() { arguments[arguments.length - 1](fsError("ENOSYS")); }
  MemFS.prototype.fsync = ok;
  MemFS.prototype.chmod = ok;
  MemFS.prototype.fchmod = ok;
  MemFS.prototype.utimes = ok;
  MemFS.prototype.chown = ok;
  MemFS.prototype.fchown = ok;
  MemFS.prototype.lchown = ok;
  MemFS.prototype.readlink = function (path, cb) { cb(fsError("EINVAL")); };
  MemFS.prototype.link = enosys;
  MemFS.prototype.symlink = enosys;

  // run runs module as a Go program with args (argv[0] first) over a MemFS of files, with stdin
  // (Uint8Array) as its standard input; output past cap bytes per stream is counted, not kept.
  // onOutput, when given, is told the total bytes written so far after each write.
  function run(module, opts) {
    var mem = new MemFS(opts.files, opts.stdin, opts.cap || (1 << 20), opts.cwd);
    mem.onOutput = opts.onOutput;
    root.fs = mem;
    var go = new root.Go();
    go.argv = opts.args;
    go.env = opts.env || {};
    var code = 0;
    go.exit = function (c) { code = c; };
    return WebAssembly.instantiate(module, go.importObject).then(function (inst) {
      return go.run(inst);
    }).then(function () {
      return { code: code, stdout: mem.text(1), stderr: mem.text(2), outBytes: mem.outBytes, fs: mem };
    });
  }

  // untar reads a ustar archive (std.tar) into {name: Uint8Array}; the bytes are views of tar.
  function untar(tar) {
    var files = {}, off = 0, dec = new TextDecoder("utf-8");
    while (off + 512 <= tar.length && tar[off] !== 0) {
      var h = tar.subarray(off, off + 512);
      var name = dec.decode(h.subarray(0, 100)).replace(/\0.*$/, "");
      var prefix = dec.decode(h.subarray(345, 500)).replace(/\0.*$/, "");
      var size = parseInt(dec.decode(h.subarray(124, 136)).replace(/\0.*$/, "").trim() || "0", 8);
      if (prefix) name = prefix + "/" + name;
      files[name] = tar.subarray(off + 512, off + 512 + size);
      off += 512 + Math.ceil(size / 512) * 512;
    }
    return files;
  }

  // The student's file and the build's outputs, as the compiler and the linker see them. The
  // file is named as go build names it in its messages ("./main.go:5:2: ...").
  var WORK = "/work";
  var SOURCE = "main.go";

  // build compiles and links source (a string) with the toolchain {compile, link: Module, std:
  // untar of std.tar}. It resolves with {ok, wasm (Uint8Array), errors (the compiler's or the
  // linker's standard error), step ("compile" or "link")}.
  function build(tool, source) {
    var files = {};
    Object.keys(tool.std).forEach(function (name) { files["/std/" + name] = tool.std[name]; });
    files[WORK + "/" + SOURCE] = new TextEncoder().encode(source);
    var lang = new TextDecoder().decode(tool.std.lang).trim();
    var compileArgs = ["compile", "-o", WORK + "/main.a", "-p", "main", "-lang=" + lang, "-complete",
      "-importcfg", "/std/importcfg.compile", "-pack", "-trimpath", WORK + "=>", "-D", "", "./" + SOURCE];
    var env = { PWD: WORK, HOME: "/home", TMPDIR: "/tmp" };
    files["/tmp/.keep"] = new Uint8Array(0);
    files["/home/.keep"] = new Uint8Array(0);
    return run(tool.compile, { args: compileArgs, files: files, env: env, cwd: WORK }).then(function (c) {
      if (c.code !== 0) return { ok: false, step: "compile", errors: c.stderr + c.stdout };
      var linkFiles = { };
      linkFiles["/std/importcfg.link"] = tool.std["importcfg.link"];
      Object.keys(tool.std).forEach(function (name) { linkFiles["/std/" + name] = tool.std[name]; });
      linkFiles[WORK + "/main.a"] = c.fs.file(WORK + "/main.a");
      linkFiles["/tmp/.keep"] = new Uint8Array(0);
      var linkArgs = ["link", "-o", WORK + "/main.wasm", "-importcfg", "/std/importcfg.link", "-buildmode=exe", "-s", "-w", WORK + "/main.a"];
      return run(tool.link, { args: linkArgs, files: linkFiles, env: env, cwd: WORK }).then(function (l) {
        if (l.code !== 0) return { ok: false, step: "link", errors: l.stderr + l.stdout };
        return { ok: true, wasm: l.fs.file(WORK + "/main.wasm") };
      });
    });
  }

  root.GoRun = { MemFS: MemFS, run: run, untar: untar, build: build };
})(typeof self !== "undefined" ? self : globalThis);
