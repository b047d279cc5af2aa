import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { HYDRATE_ON_INTENT_MARKER, SERVER_RENDERED } from "../app/lib/hydrate-on-intent";

const BOOT_SCRIPT = /<script type="module" async="">([\s\S]*?)<\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" href="[^"]*"\/>/g;

/** What a visitor does just before they use the page; any of them starts its JavaScript. */
const INTENT_EVENTS = ["pointerdown", "pointermove", "touchstart", "keydown", "focusin", "scroll"];

/**
 * Until React has hydrated (root.tsx sets data-hydrated), a click on a button would be lost:
 * it is held instead and clicked again once the handlers are attached. The same goes for a
 * button in markup the server rendered for this request (search results, marked
 * data-server-rendered): it stays on screen after hydration until React has the same answer,
 * and a click on it is held until React has replaced it. When React replaced the element, the
 * button with the same name is clicked. Links and the search form work without JavaScript and
 * are left alone.
 */
const REPLAY_CLICKS =
  `const root=document.documentElement,held=[];` +
  `const waiting=(button)=>!root.dataset.hydrated||button.closest("[${SERVER_RENDERED}]");` +
  `const hold=(event)=>{const button=event.target instanceof Element?event.target.closest("button"):null;` +
  `if(button&&waiting(button)){event.preventDefault();event.stopImmediatePropagation();held.push(button)}};` +
  `addEventListener("click",hold,true);` +
  `const same=(a,b)=>a.getAttribute("aria-label")===b.getAttribute("aria-label")&&a.textContent===b.textContent;` +
  `new MutationObserver((_,observer)=>{if(!root.dataset.hydrated)return;` +
  `for(const button of held.splice(0)){if(button.isConnected&&waiting(button)){held.push(button);continue}` +
  `(button.isConnected?button:[...document.querySelectorAll("button")].find((each)=>same(each,button)))?.click()}` +
  `if(held.length===0&&!document.querySelector("[${SERVER_RENDERED}]")){observer.disconnect();removeEventListener("click",hold,true)}})` +
  `.observe(root,{attributes:true,attributeFilter:["data-hydrated"],childList:true,subtree:true});`;

/**
 * Makes a prerendered page load its JavaScript after the page has painted (the `load`
 * event) instead of competing with the HTML and CSS for the network. Every page is complete
 * HTML already, so this moves Largest Contentful Paint to where a page with no JavaScript
 * would have it; hydration follows a moment later. Pages marked with hydrateOnIntent wait
 * longer: until the visitor first moves, scrolls, touches, types or focuses, so a visitor who
 * only reads downloads no JavaScript at all (docs/decisions/008). On every page a button
 * clicked before hydration is clicked again after it. Rewrites React Router's boot script and
 * drops its modulepreload links; fails the build if that script ever changes shape.
 */
export function deferHydration(html: string, file = "page"): string {
  const match = BOOT_SCRIPT.exec(html);
  if (!match) return html;
  const code = match[1] ?? "";
  const named = [...code.matchAll(/^import \* as (\w+) from "([^"]+)";$/gm)];
  const bare = [...code.matchAll(/^import "([^"]+)";$/gm)].map((found) => found[1] as string);
  const modules = /window\.__reactRouterRouteModules = (\{[^;]*\});/.exec(code)?.[1];
  const entry = /^import\("([^"]+)"\);$/m.exec(code)?.[1];
  if (!modules || !entry || named.length === 0) {
    throw new Error(
      `${file}: React Router's boot script changed shape; update scripts/defer-hydration.ts`,
    );
  }
  const load = (url: string) => `import(${JSON.stringify(url)})`;
  // Bare imports (the manifest) take a hole in the destructuring, named ones their name.
  const targets = [...bare.map(() => ""), ...named.map((found) => found[1])].join(",");
  const urls = [...bare, ...named.map((found) => found[2] as string)];
  const boot =
    `const boot=async()=>{const[${targets}]=await Promise.all([${urls.map(load).join(",")}]);` +
    `window.__reactRouterRouteModules=${modules};await ${load(entry)}};`;
  const onLoad = `document.readyState==="complete"?boot():addEventListener("load",boot,{once:true});`;
  const onIntent =
    `{const intents=${JSON.stringify(INTENT_EVENTS)};` +
    `const go=()=>{for(const type of intents)removeEventListener(type,go,true);boot()};` +
    `for(const type of intents)addEventListener(type,go,{capture:true,passive:true})}`;
  const serverRendered = `document.querySelector("[${SERVER_RENDERED}]")`;
  // A query string (?genre=, ?type=) is applied after hydration, so such a visit loads at
  // once, unless the server already rendered the page for it (search results).
  const start = html.includes(HYDRATE_ON_INTENT_MARKER)
    ? `if(location.search&&!${serverRendered}){${onLoad}}else${onIntent}`
    : `if(${serverRendered})${onIntent}else{${onLoad}}`;
  return html
    .replace(MODULE_PRELOAD, "")
    .replace(BOOT_SCRIPT, () => `<script type="module">${REPLAY_CLICKS}${boot}${start}</script>`);
}

/** Applies deferHydration to every HTML file of the build. */
export function deferHydrationInBuild(clientDir: string) {
  for (const entry of readdirSync(clientDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".html")) continue;
    const file = path.join(entry.parentPath, entry.name);
    writeFileSync(file, deferHydration(readFileSync(file, "utf8"), file));
  }
}
