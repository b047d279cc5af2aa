import { describe, expect, it } from "vitest";
import { openScriptedPage } from "#tests/app/scripted-page.ts";
import { AddToCartButton } from "./add-to-cart-button.tsx";

const book = { id: 5, name: "Firing Patterns", type: "Paperback", priceCents: 3299 };
const mug = { id: 31, name: "Pronunciation Mug", type: "Mug", priceCents: 2495 };

/** Two cards' buttons on a page with no framework, the page script inlined as the build does. */
async function openShop(options: Parameters<typeof openScriptedPage>[1] = {}) {
  const page = await openScriptedPage(
    <>
      <article>
        <AddToCartButton product={book} formAction="/books" />
      </article>
      <article>
        <AddToCartButton product={mug} formAction="/books" />
      </article>
    </>,
    options,
  );
  const [bookForm, mugForm] = [...page.document.querySelectorAll("form")];
  const press = (form = bookForm) => form?.querySelector("button")?.click();
  const status = (form = bookForm) => form?.querySelector("[role=status]")?.textContent;
  return { ...page, bookForm, mugForm, press, status };
}

describe("Add to Cart, done by the page script", () => {
  it("is a form posting to the page, named for its product, with an empty status region", async () => {
    const page = await openShop();
    const form = page.bookForm!;
    expect(form.getAttribute("method")).toBe("post");
    expect(form.getAttribute("action")).toBe("/books");
    const button = form.querySelector("button")!;
    expect(button.textContent).toBe("Add to Cart");
    expect(button.getAttribute("aria-label")).toBe("Add to Cart: Firing Patterns (Paperback)");
    expect(button.type).toBe("submit");
    expect(page.status()).toBe("");
  });

  it("stores the product's fields with quantity 1, then raises it, and updates every count", async () => {
    const page = await openShop();
    page.press();
    expect(page.storedCart()).toEqual([{ ...book, quantity: 1 }]);
    expect(page.status()).toBe("Added to Cart!");
    expect(page.counts()).toEqual(["1"]);
    expect(page.cartLabel()).toBe("Cart, 1 item");

    page.press();
    page.press(page.mugForm);
    expect(page.storedCart()).toEqual([
      { ...book, quantity: 2 },
      { ...mug, quantity: 1 },
    ]);
    expect(page.counts()).toEqual(["3"]);
    // Handled in the page: nothing was sent to the server.
    expect(page.sent).toEqual([]);
  });

  it("adds to what is stored, as SPEC §4 says (a line without a quantity counts as one)", async () => {
    const page = await openShop({
      stored: {
        cart: JSON.stringify([
          { id: 5, type: "Paperback" },
          { id: 9, type: "eBook" },
        ]),
      },
    });
    expect(page.counts()).toEqual(["2"]);
    page.press();
    expect(page.storedCart()).toEqual([
      { id: 5, type: "Paperback", quantity: 2 },
      { id: 9, type: "eBook" },
    ]);
    expect(page.counts()).toEqual(["3"]);
  });

  it("says 'Added to Cart!' for 2 seconds after the last press", async () => {
    const page = await openShop();
    page.press();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    page.press();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(page.status()).toBe("Added to Cart!");
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(page.status()).toBe("");
  });

  it("lets the press go to the page's action when storage refuses it", async () => {
    const page = await openShop({ storage: false });
    page.press();
    expect(page.sent).toEqual([page.bookForm]);
    expect(page.status()).toBe("");
  });
});
