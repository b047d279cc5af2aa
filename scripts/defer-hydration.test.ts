import { describe, expect, it } from "vitest";
import { HYDRATE_ON_INTENT_MARKER } from "../app/lib/hydrate-on-intent";
import { deferHydration } from "./defer-hydration";

const page = `<head><link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" href="/assets/root-2.js"/></head><body><script type="module" async="">import "/assets/manifest-1.js";
import * as route0 from "/assets/root-2.js";
import * as route1 from "/assets/home-3.js";
  
  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};

import("/assets/entry.client-4.js");</script></body>`;

describe("deferHydration", () => {
  it("loads the same modules after the load event, without modulepreload links", () => {
    const html = deferHydration(page);
    expect(html).not.toContain("modulepreload");
    expect(html).toContain(
      'const boot=async()=>{const[,route0,route1]=await Promise.all([import("/assets/manifest-1.js"),import("/assets/root-2.js"),import("/assets/home-3.js")]);',
    );
    expect(html).toContain(
      'window.__reactRouterRouteModules={"root":route0,"routes/home":route1};await import("/assets/entry.client-4.js")};',
    );
    expect(html).toContain('addEventListener("load",boot,{once:true})');
    // …unless the server rendered this request's content into it (search results).
    expect(html).toContain('if(document.querySelector("[data-server-rendered]")){const intents=');
  });

  it("waits for the visitor's first move on a page that reads without JavaScript", () => {
    const html = deferHydration(
      page.replace("<body>", `<body><article ${HYDRATE_ON_INTENT_MARKER}>`),
    );
    // Only a visit with a query string (applied after hydration) loads at once.
    expect(html).toContain(
      'if(location.search&&!document.querySelector("[data-server-rendered]")){document.readyState==="complete"?boot()',
    );
    for (const intent of ["pointerdown", "pointermove", "touchstart", "keydown", "focusin"]) {
      expect(html).toContain(`"${intent}"`);
    }
  });

  it("holds button clicks made before hydration and replays them after", () => {
    const html = deferHydration(page);
    expect(html).toContain('addEventListener("click",hold,true)');
    expect(html).toContain("?.click()");
  });

  it.each([
    ["on load", page],
    ["on intent", page.replace("<body>", `<body><article ${HYDRATE_ON_INTENT_MARKER}>`)],
  ])("produces a script that parses (%s)", (_, source) => {
    const code =
      /<script type="module">([\s\S]*)<\/script>/.exec(deferHydration(source))?.[1] ?? "";
    // Module code may use top-level await; wrapping in an async function checks the syntax.
    expect(() => new Function(`return (async () => {${code}})`)).not.toThrow();
  });

  it("fails loudly when React Router's boot script changes shape", () => {
    expect(() =>
      deferHydration('<script type="module" async="">import("/x.js");</script>', "x.html"),
    ).toThrow(/x.html: React Router's boot script changed shape/);
  });

  it("leaves pages without the boot script alone", () => {
    expect(deferHydration("<p>hi</p>")).toBe("<p>hi</p>");
  });
});
