// Draws many rows of one view in one call from the WebAssembly app (wasm/page/stamp.go): clones
// a template row per row and fills its slots. The app decides everything (the templates, which
// element each slot is and every value); this file only copies values in, as text
// (textContent), a form control's value or an attribute, never as HTML.
//
// Why a script at all: every call from Go into JavaScript copies its strings across and gives
// each object a reference that the garbage collector must later walk, so a 10,000-row result
// table drawn call by call (some twelve calls a row) cost most of a second. Here the rows take
// one call; the values come as two arrays of bytes (docs/performance.md, "The levers, kept and rejected").
//
// coerceStamp(into, templates, slots, words, data, units) appends the rows to into (an element or a
// DocumentFragment) and returns them in an Array, which the app indexes to reach row i without
// walking the live children of a 10,000-row table:
//   - templates: a template element per kind of row;
//   - slots: per kind, per slot, [name, ...path], where name is "#text", "#value" or an
//     attribute's name and path the child indexes from the row to the element;
//   - words: a Uint8Array of 32-bit little-endian words: per row its kind, then where each of
//     its slots' values ends;
//   - data: a Uint8Array of the values' UTF-8 bytes, one after another;
//   - units: true when the ends count UTF-16 code units of data decoded as one string, which
//     is then decoded once and cut; false when they count bytes, and each value is decoded by
//     itself, as the Go runtime decodes a string it passes to JavaScript (Stamp.Words says when).
"use strict";

self.coerceStamp = function (into, templates, slots, words, data, units) {
  var w = new DataView(words.buffer, words.byteOffset, words.byteLength);
  var n = words.byteLength / 4;
  // One string keeps every character, a leading BOM included, so that the ends hold.
  var all = units ? new TextDecoder("utf-8", { ignoreBOM: true }).decode(data) : "";
  var dec = new TextDecoder();
  var frag = document.createDocumentFragment();
  var rows = [];
  var at = 0, start = 0;
  while (at < n) {
    var kind = w.getUint32(4 * at++, true);
    var row = templates[kind].cloneNode(true);
    var ks = slots[kind];
    for (var j = 0; j < ks.length; j++) {
      var end = w.getUint32(4 * at++, true);
      var v = units ? all.substring(start, end) : end > start ? dec.decode(data.subarray(start, end)) : "";
      start = end;
      var s = ks[j], e = row;
      for (var p = 1; p < s.length; p++) e = e.children[s[p]];
      if (s[0] === "#text") e.textContent = v;
      else if (s[0] === "#value") e.value = v;
      else e.setAttribute(s[0], v);
    }
    rows.push(row);
    frag.appendChild(row);
  }
  into.appendChild(frag);
  return rows;
};
