// Loads Pyodide from this page's own origin, defines get_job.py and wires Run: ready when a
// press of Run would answer, as the playground's data-ready means.
"use strict";
(function () {
  var ROWS = ['"17"', "17", "-1", '"abc"', "True", "99"];
  var indexURL = new URL("./", location.href).href;
  var source = fetch("get_job.py").then(function (r) { return r.text(); });
  Promise.all([loadPyodide({ indexURL: indexURL }), source])
    .then(function (got) {
      var py = got[0];
      py.runPython(got[1]);
      var runTable = py.globals.get("run_table");
      var results = document.getElementById("results");
      document.getElementById("run").addEventListener("click", function () {
        var rows = runTable(ROWS).toJs();
        results.textContent = "";
        rows.forEach(function (row) {
          var tr = document.createElement("tr");
          tr.setAttribute("data-observation", row[2]);
          [row[0], row[1], row[2]].forEach(function (text, i) {
            var td = document.createElement("td");
            if (i === 1) td.className = "code";
            td.textContent = text;
            tr.appendChild(td);
          });
          results.appendChild(tr);
        });
      });
      document.documentElement.setAttribute("data-ready", "true");
      performance.mark("coerce:ready");
    })
    .catch(function (err) {
      document.documentElement.setAttribute("data-load", "failed");
      document.body.append("Pyodide could not start: " + err);
    });
})();
