import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { commentRatioCommand, countLines, isCountedSource } from "./comment-ratio.ts";

describe("countLines", () => {
  it("counts line comments and every line of a block or JSDoc comment", () => {
    const text = [
      "/**",
      " * Why this exists.",
      " */",
      "export const a = 1;",
      "",
      "// a reason",
      "/* one line */",
      "const b = 2;",
    ].join("\n");
    expect(countLines("a.ts", text)).toEqual({ comment: 5, total: 8 });
  });

  it("counts a code line with a trailing comment as code", () => {
    const text = [
      "const a = 1; // trailing",
      "const b = /* inline */ 2;",
      "/* lead */ const c = 3;",
    ];
    expect(countLines("a.ts", text.join("\n"))).toEqual({ comment: 0, total: 3 });
  });

  it("does not take // or /* inside strings, templates or regular expressions for comments", () => {
    const text = [
      'const url = "https://example.com";',
      "const glob = `src/**/*.ts ${url}`;",
      "const pattern = /\\/\\/ not a comment/;",
      "const multi = `",
      "// inside a template",
      "`;",
    ].join("\n");
    expect(countLines("a.ts", text)).toEqual({ comment: 0, total: 6 });
  });

  it("counts a JSX comment line as a comment, and JSX text with // as code", () => {
    const text = [
      "export const A = () => (",
      "  <p>",
      "    {/* why */}",
      "    see https://example.com",
      "  </p>",
      ");",
    ].join("\n");
    expect(countLines("a.tsx", text)).toEqual({ comment: 1, total: 6 });
  });

  it("does not count the empty line after the final newline", () => {
    expect(countLines("a.ts", "// one\nconst a = 1;\n")).toEqual({ comment: 1, total: 2 });
  });
});

describe("isCountedSource", () => {
  it("takes .ts, .tsx and .js source and leaves tests and other files out", () => {
    expect(isCountedSource("orders/order-service.ts")).toBe(true);
    expect(isCountedSource("routes/checkout.tsx")).toBe(true);
    expect(isCountedSource("layout/page-script.js")).toBe(true);
    expect(isCountedSource("orders/order-service.test.ts")).toBe(false);
    expect(isCountedSource("routes/checkout.spec.tsx")).toBe(false);
    expect(isCountedSource("tests/helpers.ts")).toBe(false);
    expect(isCountedSource("styles/site.css")).toBe(false);
  });
});

describe("npm run lint's comment check", () => {
  let root = "";
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  async function fixture(files: Record<string, string>): Promise<string> {
    root = await mkdtemp(path.join(tmpdir(), "comment-ratio-"));
    for (const [name, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(root, name)), { recursive: true });
      await writeFile(path.join(root, name), text);
    }
    return root;
  }

  const code = (lines: number) => "const a = 1;\n".repeat(lines);

  it("prints each folder's share and passes at 6% or under", async () => {
    const dir = await fixture({
      "app/a.tsx": `// why\n${code(49)}`,
      "server/s.ts": `// why\n// and why\n${code(48)}`,
      "core/c.ts": `/**\n * why\n */\n${code(47)}`,
      // Tests and their helpers are not counted.
      "core/c.test.ts": `// narration\n`.repeat(20),
      "core/tests/helper.ts": `// narration\n`.repeat(20),
    });
    const result = await commentRatioCommand(["app", "server", "core"], dir);
    expect(result).toEqual({
      code: 0,
      stdout: [
        "app      2.0% comments (1 of 50 lines)",
        "server   4.0% comments (2 of 50 lines)",
        "core     6.0% comments (3 of 50 lines)",
        "",
      ].join("\n"),
      stderr: "",
    });
  });

  it("fails when one folder is over 6%", async () => {
    const dir = await fixture({
      "app/a.ts": code(10),
      "core/c.ts": `// one\n// two\n// three\n// four\n${code(46)}`,
    });
    const result = await commentRatioCommand(["app", "core"], dir);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("core     8.0% comments (4 of 50 lines)");
    expect(result.stderr).toContain("over 6%");
  });
});
