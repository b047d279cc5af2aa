import { readdirSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";

// No Docker engine runs where the tests run, so the image itself cannot be built here. These
// checks hold the Dockerfile to what the server needs, which is what usually goes wrong.
const dockerfile = readFileSync("Dockerfile", "utf8");
const stages = dockerfile.split(/^FROM /m).slice(1);
const runtime = stages.at(-1) ?? "";
const dependencies = Object.keys(
  (JSON.parse(readFileSync("package.json", "utf8")) as { dependencies: Record<string, string> })
    .dependencies,
);

/** The paths the runtime stage copies in, from the build context or the build stage. */
function copiedPaths(fromBuild: boolean): string[] {
  return [...runtime.matchAll(/^COPY (--from=\S+ )?(.+)$/gm)]
    .filter((match) => Boolean(match[1]) === fromBuild)
    .flatMap((match) => (match[2] ?? "").trim().split(/\s+/).slice(0, -1))
    .map((each) => each.replace(/^\/app\//, "").replace(/\/$/, ""));
}

/** Package name of a bare import: "react-dom/server" → "react-dom", "@a/b/c" → "@a/b". */
const packageOf = (specifier: string) =>
  specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");

/** What the given entry points import, as esbuild resolves it (package.json `imports`). */
async function importGraph(entryPoints: string[]) {
  const result = await build({
    entryPoints,
    bundle: true,
    platform: "node",
    format: "esm",
    packages: "external",
    // Styles and page text end up in the build; only the code's own imports matter here.
    loader: { ".css": "empty", ".mdx": "empty" },
    external: ["*?inline-script", "*?raw"],
    write: false,
    metafile: true,
    outdir: "out",
    logLevel: "silent",
  });
  return result.metafile.inputs;
}

/** What React Router's server build is made from: its entry, the root and every route. */
const serverBuildSources = [
  "app/entry.server.tsx",
  "app/root.tsx",
  ...readdirSync("app/routes")
    .filter((file) => /\.tsx?$/.test(file) && !file.includes(".test."))
    .map((file) => `app/routes/${file}`),
];

describe("Dockerfile", () => {
  it("builds in one stage and runs the production dependencies only, as a non-root user", () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(stages[0]).toMatch(/RUN npm ci\n/);
    expect(runtime).toMatch(/RUN npm ci --omit=dev/);
    expect(runtime).toMatch(/^USER (?!root\b)\S+/m);
    expect(runtime).toContain('CMD ["node", "--import", "tsx", "server/main.ts"]');
  });

  it("copies every file the server imports, and the build", async () => {
    const sources = copiedPaths(false);
    // And what the backup commands import: they run beside the server in its container.
    const local = Object.keys(
      await importGraph(["server/main.ts", "scripts/backup.ts", "scripts/restore.ts"]),
    );
    expect(local.length).toBeGreaterThan(20);
    for (const file of local) {
      expect(
        sources.some((source) => file === source || file.startsWith(`${source}/`)),
        `${file} is imported by the server but not copied into the image`,
      ).toBe(true);
    }
    expect(copiedPaths(true)).toContain("build");
  });

  it("needs no development dependency at run time, in the server or its page renderer", async () => {
    const inputs = await importGraph([
      "server/main.ts",
      "scripts/backup.ts",
      "scripts/restore.ts",
      ...serverBuildSources,
    ]);
    const packages = new Set(
      Object.values(inputs)
        .flatMap((input) => input.imports)
        .filter((each) => each.external && !/^(node:|#)/.test(each.path))
        .map((each) => packageOf(each.path))
        .filter((name) => !builtinModules.includes(name)),
    );
    expect(packages.size).toBeGreaterThan(5);
    for (const name of packages) {
      expect(dependencies, `${name} is used at run time but is a development dependency`).toContain(
        name,
      );
    }
  });
});
