import { RuleTester } from "eslint";
import { describe, it } from "vitest";
import plugin from "./no-fetch-in-effect.js";

RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({ languageOptions: { ecmaVersion: 2024, sourceType: "module" } });
const rule = plugin.rules["no-fetch-in-effect"];

tester.run("no-fetch-in-effect", rule, {
  valid: [
    "export async function clientLoader() { return fetch('/api/stock'); }",
    "useEffect(() => { document.title = 'x'; }, []);",
    "function onChange() { fetcher.load('/quote'); }",
    "useEffect(() => { const id = setTimeout(done, 10); return () => clearTimeout(id); }, []);",
  ],
  invalid: [
    {
      code: "useEffect(() => { fetch('/api/x').then(set); }, []);",
      errors: [{ messageId: "fetch" }, { messageId: "fetch" }],
    },
    {
      code: "useEffect(() => { accountApi.details(token).then(setDetails); }, [token]);",
      errors: [{ messageId: "fetch" }],
    },
    {
      code: "useEffect(() => { let current = true; fetchOrder(n).then(() => { if (current) set(); }); return () => { current = false; }; }, [n]);",
      errors: [{ messageId: "fetch" }, { messageId: "fetch" }],
    },
    {
      code: "React.useLayoutEffect(function () { callApi('/x'); });",
      errors: [{ messageId: "fetch" }],
    },
    {
      code: "useEffect(() => { quoteFetcher.load('/quote'); }, [postcode]);",
      errors: [{ messageId: "fetch" }],
    },
  ],
});
