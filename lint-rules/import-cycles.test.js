import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { afterAll, expect, it } from "vitest";

// DESIGN.md forbids import cycles; the rule that says so once saw none, because it could not
// read the .ts files it followed (issue 35). Two server files that import each other, linted
// with the project's own configuration, must fail.
const folder = path.resolve("server", `.cycle-check-${process.pid}`);

afterAll(() => rmSync(folder, { recursive: true, force: true }));

it("the project's lint refuses two TypeScript modules that import each other", async () => {
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    path.join(folder, "a.ts"),
    'import { b } from "./b.ts";\nexport const a = () => b;\n',
  );
  writeFileSync(
    path.join(folder, "b.ts"),
    'import { a } from "./a.ts";\nexport const b = () => a;\n',
  );
  const results = await new ESLint().lintFiles([folder]);
  const cycles = results.flatMap((result) =>
    result.messages
      .filter((message) => message.ruleId === "import-x/no-cycle")
      .map(() => path.basename(result.filePath)),
  );
  expect(cycles.sort()).toEqual(["a.ts", "b.ts"]);
}, 60_000);
