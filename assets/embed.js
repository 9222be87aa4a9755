// The script embed: one <script src="https://this.site/assets/embed.js" defer></script> turns
// every <div data-farfalia="replay=…&at=…&view=…"> of the host page into a live diagram, all
// driven by one Python runtime loaded from this site (diagrams.py, as on the rules page). The host
// page needs nothing else; this site must send `Access-Control-Allow-Origin` (dist/_headers does).
(() => {
  "use strict";
  const site = new URL("..", document.currentScript.src).href; // this file is <site>/assets/embed.js
  const add = (tag, attributes) => document.head.appendChild(Object.assign(document.createElement(tag), attributes));
  add("link", { rel: "stylesheet", href: site + "assets/table.css" });
  add("link", { rel: "stylesheet", href: site + "assets/diagrams.css" });

  function start() {
    const holders = [...document.querySelectorAll("[data-farfalia]")].filter((holder) => !holder.children.length);
    for (const holder of holders) {
      holder.classList.add("diagram");
      holder.innerHTML = '<p class="diagram-loading">Loading the diagram…</p>';
    }
    import(site + "assets/still.js").then(({ showStill }) => {  // each link's still picture, if it has one
      for (const holder of holders) showStill(holder.dataset.farfalia, holder, holder.firstElementChild);
    });
    // The plugins this site does not ship are turned off, for MicroPython too (PyScript reads its
    // config whether or not it runs), as pyscript.toml does on this site's pages.
    const plugins = ["!py-editor", "!py-game", "!py-terminal", "!donkey", "!deprecations-manager", "!codemirror"];
    document.body.appendChild(document.createElement("mpy-config")).textContent = JSON.stringify({ plugins });
    const python = document.createElement("script");
    python.type = "py";
    python.src = site + "diagrams.py";
    python.setAttribute("config", JSON.stringify({ interpreter: site + "vendor/pyodide/pyodide.mjs", plugins }));
    // The games' archives, fetched by diagrams.py when a diagram shows one (farfaliaArchives).
    // (Without it, a diagram of a game whose code did not come says so; the others work.)
    import(site + "assets/archives.js").catch(() => {}).then(() => document.body.appendChild(python));
    // As assets/no-eval.js does on this site's pages: PyScript then never calls Function().
    import(site + "vendor/pyscript/core.js").then(({ hooks }) => hooks.worker.onBeforeRunAsync.clear());
  }

  if (document.readyState === "loading") addEventListener("DOMContentLoaded", start);
  else start();
})();
