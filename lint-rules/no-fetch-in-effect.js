/**
 * DESIGN.md, "Route modules own their data": reads are loaders (or clientLoaders, or a
 * fetcher's load), never a request started from an effect, whose races, cancellations and
 * loading states each component would otherwise write again (issue 24). Flags, inside the
 * callback of useEffect or useLayoutEffect: `fetch(…)`, `callApi(…)`, any `fetchSomething(…)`,
 * a fetcher's `.load(…)` / `.submit(…)`, and a promise's `.then(…)` (a request by any name).
 */
const EFFECTS = new Set(["useEffect", "useLayoutEffect"]);
const FETCHERS = /^fetch([A-Z]|$)|^callApi$/;

function calleeName(callee) {
  if (callee.type === "Identifier") return callee.name;
  if (callee.type === "MemberExpression" && callee.property.type === "Identifier") {
    return callee.property.name;
  }
  return undefined;
}

function isFetch(node) {
  const { callee } = node;
  if (callee.type === "Identifier") return FETCHERS.test(callee.name);
  if (callee.type === "MemberExpression" && callee.property.type === "Identifier") {
    const method = callee.property.name;
    const object = callee.object.type === "Identifier" ? callee.object.name : "";
    if (method === "then") return true;
    return (method === "load" || method === "submit") && /fetcher/i.test(object);
  }
  return false;
}

const noFetchInEffect = {
  meta: {
    type: "problem",
    messages: {
      fetch:
        "Load data in the route's loader or clientLoader (or with a fetcher from an event), not from an effect: {{name}}(…) here runs after every render that changes its dependencies.",
    },
    schema: [],
  },
  create(context) {
    let depth = 0;
    const inEffectCallback = (node) =>
      node.parent?.type === "CallExpression" &&
      EFFECTS.has(calleeName(node.parent.callee) ?? "") &&
      node.parent.arguments[0] === node;
    return {
      ":function"(node) {
        if (inEffectCallback(node)) depth += 1;
      },
      ":function:exit"(node) {
        if (inEffectCallback(node)) depth -= 1;
      },
      CallExpression(node) {
        if (depth > 0 && isFetch(node)) {
          context.report({ node, messageId: "fetch", data: { name: calleeName(node.callee) } });
        }
      },
    };
  },
};

export default { rules: { "no-fetch-in-effect": noFetchInEffect } };
