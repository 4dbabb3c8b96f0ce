"""The report page's inline CSS and script (a result selector for the error browser, and "open all").

Inline so that the page needs no network and no other file.
"""

__all__ = ["CSS", "JS"]

CSS = """
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:2em auto;max-width:1200px;
padding:0 1em;color:#1b1b1b}
h1{font-size:1.6em;margin-bottom:.2em}h2{margin-top:2em;border-bottom:1px solid #ddd;padding-bottom:.2em}
table{border-collapse:collapse;margin:.8em 0;font-size:13px}th,td{border:1px solid #ddd;padding:3px 7px;
text-align:left;vertical-align:top}th{background:#f4f4f4}td.num{text-align:right;font-variant-numeric:tabular-nums}
caption{text-align:left;font-weight:600;padding:.3em 0}.note{color:#555;font-size:13px}
figure{margin:1em 0}figure img{max-width:100%}.grid{display:flex;flex-wrap:wrap;gap:0 2em}
.grid figure{flex:1 1 520px;max-width:580px}figcaption{color:#555;font-size:12px}
nav a{margin-right:1em}code{font-size:12px}
details.doc{border:1px solid #e3e3e3;border-radius:4px;margin:.4em 0;padding:.3em .6em}
details.doc summary{cursor:pointer}.doc-uri{font-family:monospace;font-size:12px}
p.text{line-height:2;white-space:pre-wrap}
.m{padding:1px 0;border-bottom:3px solid transparent}
.g-tp{border-bottom-color:#2e7d32}.g-fn{border-bottom:3px dashed #c62828}
.p-tp{background:#c8e6c9}.p-fp{background:#ffcdd2}.p-ignored{background:#e0e0e0}
.start{margin-left:1px}
table.mentions tr.fn td:first-child{border-left:3px solid #c62828}
table.mentions tr.fp td:first-child{border-left:3px solid #ef9a9a}
ul.legend{font-size:12px;color:#555}
"""

JS = """
(function () {
  var select = document.getElementById('result-select');
  if (!select) { return; }
  var panels = document.querySelectorAll('section.panel');
  function show() {
    panels.forEach(function (p) { p.hidden = (p.id !== select.value); });
  }
  select.addEventListener('change', show);
  var openAll = document.getElementById('open-all');
  openAll.addEventListener('change', function () {
    document.querySelectorAll('details.doc').forEach(function (d) { d.open = openAll.checked; });
  });
  show();
  document.body.setAttribute('data-ready', 'yes');
})();
"""
