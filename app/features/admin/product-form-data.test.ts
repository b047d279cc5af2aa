import { describe, expect, it } from "vitest";
import { PRICE_MESSAGE, productFromForm } from "./product-form-data.ts";

function form(values: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
}

const edit = {
  version: "3",
  name: "Salt Water Circuit",
  category: "Book",
  type: "Paperback",
  price: "22.99",
  slug: "salt-water-circuit",
  work: "salt-water-circuit",
};

describe("the product form as the API takes it", () => {
  it("sends the price typed in dollars as cents and the version, and leaves the pictures alone", () => {
    const checked = productFromForm(form({ ...edit, ageRestricted: "on" }), "update");
    expect(checked).toMatchObject({
      ok: true,
      body: {
        version: "3",
        priceCents: 2299,
        ageRestricted: true,
      },
    });
    // Pictures are uploaded, ordered and removed in their own section, never by this form.
    expect(checked.ok && "images" in checked.body).toBe(false);
  });

  it("marks each wrong field with the schema's message, the price with its own", () => {
    const checked = productFromForm(form({ ...edit, name: " ", price: "22.999" }), "update");
    expect(checked).toEqual({
      ok: false,
      fields: { name: "Name is required", priceCents: PRICE_MESSAGE },
    });
  });

  it("leaves a new product's empty slug out, for the server to make from the name", () => {
    const checked = productFromForm(
      form({ ...edit, slug: "", work: "", stock: "", published: "on" }),
      "create",
    );
    expect(checked.ok).toBe(true);
    if (checked.ok) {
      expect(checked.body).not.toHaveProperty("slug");
      expect(checked.body).toMatchObject({ published: true, priceCents: 2299 });
    }
  });
});
