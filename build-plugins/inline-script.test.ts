import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { INLINE_SCRIPT_SUFFIX, inlineScriptPlugin } from "./inline-script.ts";

const pageScript = fileURLToPath(new URL("../app/layout/page-script.ts", import.meta.url));

type LoadHook = (this: { addWatchFile(file: string): void }, id: string) => string | undefined;

function load(id: string) {
  const watched: string[] = [];
  const hook = inlineScriptPlugin().load as unknown as LoadHook;
  const code = hook.call({ addWatchFile: (file) => watched.push(file) }, id);
  return { code, watched };
}

describe("inlineScriptPlugin", () => {
  it("turns a module into one minified script, exported as a string", () => {
    const { code, watched } = load(`${pageScript}${INLINE_SCRIPT_SUFFIX}`);
    const script = new Function(`${code?.replace("export default", "return")}`)() as string;
    expect(script).toMatch(/^"use strict";\(\(\)=>\{/);
    expect(script).not.toMatch(/\bimport\b/);
    // Rebuilt when the module or what it takes from core/ changes.
    expect(watched).toEqual(
      expect.arrayContaining([pageScript, expect.stringMatching(/core\/cart\/cart\.ts$/)]),
    );
  });

  it("leaves every other module to Vite", () => {
    expect(load(pageScript).code).toBeUndefined();
  });
});
