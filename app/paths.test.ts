import { describe, expect, it } from "vitest";
import { indexablePaths, isAdminPath, prerenderPaths, safeNextPath } from "./paths.ts";

describe("safeNextPath", () => {
  it("keeps a path on this site", () => {
    expect(safeNextPath("/admin/orders/KB-100001?x=1")).toBe("/admin/orders/KB-100001?x=1");
    expect(safeNextPath("/account")).toBe("/account");
  });

  it.each([null, "", "admin", "https://evil.example/", "//evil.example/x", "/\\evil.example"])(
    "refuses %j, which is not a path on this site",
    (next) => {
      expect(safeNextPath(next)).toBeNull();
    },
  );
});

describe("the back office's paths", () => {
  it("are recognised, and never prerendered", () => {
    expect(isAdminPath("/admin")).toBe(true);
    expect(isAdminPath("/admin/stock")).toBe(true);
    expect(isAdminPath("/administer")).toBe(false);
    expect(prerenderPaths(["/history", "/admin", "/admin/stock"])).toEqual(["/history"]);
  });
});

describe("the sitemap's pages", () => {
  it("leave the back office out", () => {
    expect(indexablePaths().filter((path) => isAdminPath(path))).toEqual([]);
  });
});
