// countcalls.mjs: a shim between the proxy and an upstream command, for the tests. It starts
// the command given after it, passes stdin, stdout and stderr through unchanged, and appends
// the name of every tools/call request the upstream receives to the file COUNT_FILE, one a
// line: what really reached the upstream, independent of the proxy's own log.
//
//   COUNT_FILE=calls.txt node countcalls.mjs node server.js stdio
import { spawn } from "node:child_process";
import { appendFileSync } from "node:fs";

const [cmd, ...args] = process.argv.slice(2);
const child = spawn(cmd, args, { stdio: ["pipe", "inherit", "inherit"] });
let pending = "";

// record looks at one newline-delimited JSON-RPC message on its way to the upstream.
function record(line) {
  let msg;
  try {
    msg = JSON.parse(line);
  } catch {
    return; // not JSON: the upstream answers it, nothing to count
  }
  if (msg && msg.method === "tools/call") {
    appendFileSync(process.env.COUNT_FILE, String(msg.params?.name) + "\n");
  }
}

process.stdin.on("data", (chunk) => {
  pending += chunk.toString("utf8");
  let i;
  while ((i = pending.indexOf("\n")) >= 0) {
    record(pending.slice(0, i));
    pending = pending.slice(i + 1);
  }
  child.stdin.write(chunk);
});
process.stdin.on("end", () => child.stdin.end());
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
process.on("SIGTERM", () => child.kill("SIGTERM"));
