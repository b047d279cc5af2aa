import type { EntryContext } from "react-router";
import { describe, expect, it } from "vitest";
import { stylesheetsOf } from "./page-stylesheets.ts";

/** Just the parts of React Router's entry context that stylesheetsOf reads. */
function entryContext(
  css: Record<string, string[] | undefined>,
  matched: string[],
): Pick<EntryContext, "manifest" | "staticHandlerContext"> {
  return {
    manifest: {
      routes: Object.fromEntries(Object.entries(css).map(([id, list]) => [id, { css: list }])),
    },
    staticHandlerContext: { matches: matched.map((id) => ({ route: { id } })) },
  } as unknown as Pick<EntryContext, "manifest" | "staticHandlerContext">;
}

describe("stylesheetsOf", () => {
  it("lists the CSS of the matched routes from the root down, each file once", () => {
    const context = entryContext(
      {
        root: ["/assets/root.css"],
        "routes/shop": ["/assets/shop.css", "/assets/card.css"],
        "routes/product": ["/assets/card.css", "/assets/product.css"],
        "routes/admin": ["/assets/admin.css"],
      },
      ["root", "routes/shop", "routes/product"],
    );
    expect(stylesheetsOf(context)).toEqual([
      "/assets/root.css",
      "/assets/shop.css",
      "/assets/card.css",
      "/assets/product.css",
    ]);
  });

  it("skips matched routes without CSS or missing from the manifest", () => {
    const context = entryContext({ root: ["/assets/root.css"], "routes/logout": undefined }, [
      "root",
      "routes/logout",
      "routes/unknown",
    ]);
    expect(stylesheetsOf(context)).toEqual(["/assets/root.css"]);
  });
});
