// The official TypeScript SDK's client, driving `coerce proxy` in front of the reference server
// "everything": go test ./mcpproxy -run TestTypeScriptClient runs it as
//
//   node tsclient.mjs PROXY_BINARY -- node SERVER_SCRIPT stdio
//
// and reads one JSON line per call on stdout: {"call", "isError", "structuredContent", "threw"}.
// The client validates structuredContent against the listed outputSchema, even when isError is
// true: a call whose error observation did not fit the schema would come back as "threw".
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const [proxy, ...args] = process.argv.slice(2);
const transport = new StdioClientTransport({ command: proxy, args: ["proxy", ...args], stderr: "ignore" });
const client = new Client({ name: "tsclient", version: "0" });
await client.connect(transport);

const { tools } = await client.listTools();
const out = (line) => process.stdout.write(JSON.stringify(line) + "\n");
out({ call: "tools/list", names: tools.map((t) => t.name), checked: tools.filter((t) => t.description?.includes("invalid_args")).map((t) => t.name) });

const calls = [
  ["get-structured-content", { location: " Chicago " }],
  ["get-structured-content", { location: "Boston" }],
  ["echo", { message: true }],
  ["echo", { message: "hi", extra: 1 }],
  ["nope", {}],
];
for (const [name, args] of calls) {
  try {
    const r = await client.callTool({ name, arguments: args });
    out({ call: name, args, isError: r.isError === true, structuredContent: r.structuredContent ?? null });
  } catch (e) {
    out({ call: name, args, threw: String(e && e.message || e).slice(0, 300) });
  }
}
await client.close();
