import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { paths } from "#app/paths.ts";
import { contentPageAt, contentPages } from "./content-pages.ts";

/** The MDX files that introduce routes with a module of their own. */
const INTRODUCTIONS = ["contact-us", "terminologies"];

describe("the table of content pages", () => {
  it("gives every MDX page in content/pages an address, and every address a page", () => {
    const files = readdirSync("content/pages")
      .filter((file) => file.endsWith(".mdx"))
      .map((file) => file.slice(0, -".mdx".length))
      .filter((source) => !INTRODUCTIONS.includes(source));
    expect(contentPages.map((page) => page.source).sort()).toEqual(files.sort());
  });

  it("uses only the route table's paths, once each", () => {
    const known = Object.values(paths) as string[];
    for (const page of contentPages) expect(known).toContain(page.path);
    expect(new Set(contentPages.map((page) => page.path)).size).toBe(contentPages.length);
  });

  it("finds a page under any spelling of its path, like the router", () => {
    expect(contentPageAt("/Cytheseus")?.source).toBe("cytheseus");
    expect(contentPageAt("/learnrfidforbeginners")?.source).toBe("learn-rfid-for-beginners");
    expect(contentPageAt("/books")).toBeUndefined();
  });
});
