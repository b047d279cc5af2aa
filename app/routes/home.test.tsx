import { render, screen, within } from "@testing-library/react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter, RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { ShopProduct } from "#core/catalog/shop-product.ts";
import type { PageServices } from "#core/pages/page-services.ts";
import { loadContentModule } from "#app/features/content/content-modules.ts";
import { ContentPage } from "#app/features/content/content-page.tsx";
import { contentPageAt } from "#app/features/content/content-pages.ts";
import { FEATURED_TITLE } from "#app/features/shop/featured-products.tsx";
import { servicesContext } from "#app/load-context.ts";
import { catalogueView, contentProducts } from "#tests/app/catalogue-context.ts";
import Home, { action, handle, loader } from "./home.tsx";

const byId = (id: number) => contentProducts.find((product) => product.id === id)!;
const MUG = byId(29);
const QUESTION = byId(12);
const KIT = { ...byId(18), unitsLeft: 4 };

function contextFeaturing(featured: readonly ShopProduct[]) {
  const context = new RouterContextProvider();
  const view = catalogueView(contentProducts, new Map(), featured);
  context.set(servicesContext, { catalogue: () => view } as unknown as PageServices);
  return context;
}

async function homeWith(featured: readonly ShopProduct[], actionData?: { needsScript: number }) {
  const loaderData = await loader({
    request: new Request("http://site/"),
    context: contextFeaturing(featured),
  } as unknown as Parameters<typeof loader>[0]);
  return (
    <MemoryRouter initialEntries={["/"]}>
      <Home {...({ loaderData, actionData } as unknown as Parameters<typeof Home>[0])} />
    </MemoryRouter>
  );
}

describe("the home page", () => {
  it("is rendered by the server from the catalogue, with no framework script", () => {
    expect(handle).toMatchObject({ catalogue: true });
    expect(handle).not.toHaveProperty("hydrate");
  });

  it("shows the featured products in staff's order beside the brand, pronunciation and mission", async () => {
    render(await homeWith([MUG, QUESTION, KIT]));
    const featured = screen.getByRole("region", { name: FEATURED_TITLE });
    const names = within(featured)
      .getAllByRole("heading", { level: 3 })
      .map((heading) => heading.textContent);
    expect(names).toEqual([MUG.name, QUESTION.name, KIT.name]);
    expect(within(featured).getByText("$22.95 AUD")).toBeTruthy();
    expect(within(featured).getByRole("link", { name: MUG.name }).getAttribute("href")).toBe(
      "/products/pronunciation-mug",
    );
    expect(within(featured).getAllByRole("img").length).toBeGreaterThanOrEqual(3);
    expect(
      within(featured).getByRole("button", { name: "Add to Cart: Pronunciation Mug (Mug)" }),
    ).toBeTruthy();
    expect(within(featured).getByText("Only 4 left")).toBeTruthy();

    // The text stays: its heading, pronunciation and mission come before the products, the
    // rest of the page after them, in reading order.
    const title = screen.getByRole("heading", { level: 1, name: "Kybernetes" });
    const pronunciation = screen.getByText(/pronounced/);
    const mission = screen.getByText(/Join the next stage of human evolution/);
    const whoWeAre = screen.getByRole("heading", { level: 2, name: "Who we are" });
    const follows = (a: Node, b: Node) =>
      Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(title, pronunciation) && follows(pronunciation, mission)).toBe(true);
    expect(follows(mission, featured)).toBe(true);
    expect(follows(featured, whoWeAre)).toBe(true);
  });

  it("shows at most four, and a featured size as the choice it leads to", async () => {
    const hoodie = byId(28);
    render(await homeWith([hoodie, MUG, QUESTION, KIT, byId(3), byId(9)]));
    const featured = screen.getByRole("region", { name: FEATURED_TITLE });
    expect(within(featured).getAllByRole("article")).toHaveLength(4);
    expect(
      within(featured)
        .getByRole("link", { name: /Choose a size/ })
        .getAttribute("href"),
    ).toBe(`/products/${hoodie.slug}`);
    expect(within(featured).queryByRole("heading", { name: byId(3).name })).toBeNull();
  });

  it("with nothing featured, is the page it always was", async () => {
    const module = await loadContentModule(contentPageAt("/")!);
    const before = renderToStaticMarkup(
      <MemoryRouter>
        <ContentPage Content={module.default} />
      </MemoryRouter>,
    );
    expect(renderToStaticMarkup(await homeWith([]))).toContain(before);
    render(await homeWith([]));
    expect(screen.queryByRole("region", { name: FEATURED_TITLE })).toBeNull();
    expect(screen.queryByRole("button", { name: /Add to Cart/ })).toBeNull();
  });

  it("says on the card pressed that the cart needs JavaScript when no script ran", async () => {
    const answer = await action({
      request: new Request("http://site/", {
        method: "POST",
        body: new URLSearchParams({ id: String(MUG.id), type: MUG.type }),
      }),
      context: contextFeaturing([MUG]),
    } as unknown as Parameters<typeof action>[0]);
    expect(answer).toMatchObject({ data: { needsScript: MUG.id }, init: { status: 400 } });
    render(await homeWith([QUESTION, MUG], { needsScript: MUG.id }));
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("turn JavaScript on to add Pronunciation Mug");
    expect(alert.closest("article")?.querySelector("h3")?.textContent).toBe(MUG.name);
  });
});
