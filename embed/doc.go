// Package embed is what the playground's link and its embed have in common, below both the
// page (wasm/page) and the server (web), so that each reads a link the same way:
//
//   - the fragment of a page URL (ParseFragment): the table, the embed options, the panel a
//     link opens, read once into a Fragment;
//   - the embed options (Options): which panels a course site's frame shows, read-only,
//     theme, predict mode, the host origins whose messages are obeyed;
//   - the panels of the page (Panels), which panels= and the lesson notes name;
//   - the frame's fixed height (Height) for course sites that strip scripts, and the snippet
//     (Snippet, Code) that Copy embed code and /oembed write;
//   - the postMessage vocabulary between the frame and its host (Request, Reply, the message
//     types) and the origin rule (Origin).
package embed
