// Compiles and links a Go file with the exercise's toolchain under Node, with web/gorun.js (the
// code the page's Worker runs), then runs the result on a standard input. Prints one JSON object:
// {build: {ok, step, errors}, run: {code, stdout, stderr}}.
//
//   node build_node.js <web directory> <file.go> <stdin file>
"use strict";
const fs = require("fs");
const path = require("path");
const vm = require("vm");

const [web, source, stdin] = process.argv.slice(2);
vm.runInThisContext(fs.readFileSync(path.join(web, "gorun.js"), "utf8"), { filename: "gorun.js" });
vm.runInThisContext(fs.readFileSync(path.join(web, "wasm_exec.js"), "utf8"), { filename: "wasm_exec.js" });

async function main() {
  const compile = await WebAssembly.compile(fs.readFileSync(path.join(web, "compile.wasm")));
  const link = await WebAssembly.compile(fs.readFileSync(path.join(web, "link.wasm")));
  const std = GoRun.untar(new Uint8Array(fs.readFileSync(path.join(web, "std.tar"))));
  const built = await GoRun.build({ compile, link, std }, fs.readFileSync(source, "utf8"));
  const out = { build: { ok: built.ok, step: built.step || "", errors: built.errors || "" } };
  if (built.ok) {
    const program = await WebAssembly.compile(built.wasm);
    const r = await GoRun.run(program, { args: ["main"], stdin: new Uint8Array(fs.readFileSync(stdin)), cap: 1 << 20 });
    out.run = { code: r.code, stdout: r.stdout, stderr: r.stderr };
  }
  process.stdout.write(JSON.stringify(out));
}
main().catch((e) => { process.stderr.write(String(e && e.stack || e)); process.exit(1); });
