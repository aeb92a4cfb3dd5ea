/**
 * A small self-contained reference page that renders /api/openapi.json in the browser (no CDN: the
 * page must work offline). Its inline script runs under the page's CSP nonce (app.ts).
 */
/** A readable reference rendered in the browser from /api/openapi.json; no external resources. */
export const API_REFERENCE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Booking API reference</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; max-width: 60rem; margin: 0 auto; padding: 1rem 1.5rem; color: #1b1b1b; }
  h1 { margin-bottom: 0; } .op { border: 1px solid #ccc; border-radius: 6px; margin: 1rem 0; padding: .5rem 1rem; }
  .method { font-weight: 700; text-transform: uppercase; display: inline-block; min-width: 4rem; }
  code, pre { font-family: ui-monospace, monospace; font-size: .9em; } pre { background: #f5f5f5; padding: .75rem; overflow: auto; border-radius: 4px; }
  details > summary { cursor: pointer; } table { border-collapse: collapse; } td, th { text-align: left; padding: .2rem .6rem; border-bottom: 1px solid #eee; vertical-align: top; }
</style>
</head>
<body>
<main>
<h1 id="title">Booking API reference</h1>
<p id="description"></p>
<p><a href="/api/openapi.json">OpenAPI 3.1 document (JSON)</a></p>
<div id="ops" aria-live="polite">Loading…</div>
</main>
<script>
(async () => {
  const el = (tag, props = {}, ...children) => { const e = Object.assign(document.createElement(tag), props); e.append(...children); return e; };
  const doc = await (await fetch("/api/openapi.json")).json();
  document.getElementById("title").textContent = doc.info.title;
  document.getElementById("description").textContent = doc.info.description;
  const ops = document.getElementById("ops"); ops.textContent = "";
  const resolve = (s) => s && s.$ref ? doc.components.schemas[s.$ref.split("/").pop()] : s;
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const section = el("section", { className: "op" });
      section.append(el("h2", {}, el("span", { className: "method" }, method), " ", el("code", {}, path)), el("p", {}, op.summary || ""));
      if (op.parameters && op.parameters.length) {
        const table = el("table", {}, el("tr", {}, el("th", {}, "Parameter"), el("th", {}, "In"), el("th", {}, "Required"), el("th", {}, "Description")));
        for (const p of op.parameters) table.append(el("tr", {}, el("td", {}, el("code", {}, p.name)), el("td", {}, p.in), el("td", {}, p.required ? "yes" : "no"), el("td", {}, p.description || (p.schema && p.schema.description) || "")));
        section.append(table);
      }
      if (op.requestBody) {
        const schema = resolve(op.requestBody.content["application/json"].schema);
        section.append(el("details", {}, el("summary", {}, "Request body"), el("pre", {}, JSON.stringify(schema, null, 2))));
      }
      const list = el("ul");
      for (const [status, r] of Object.entries(op.responses)) {
        const content = r.content && Object.values(r.content)[0];
        const schema = content && resolve(content.schema);
        const li = el("li", {}, el("strong", {}, status), " — " + r.description);
        if (schema && status < "400") li.append(el("details", {}, el("summary", {}, "Schema"), el("pre", {}, JSON.stringify(schema, null, 2))));
        list.append(li);
      }
      section.append(el("h3", {}, "Responses"), list);
      ops.append(section);
    }
  }
})().catch((e) => { document.getElementById("ops").textContent = "Could not load the API document: " + e; });
</script>
</body>
</html>`;
