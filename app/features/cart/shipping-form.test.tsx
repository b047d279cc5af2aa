import { act, within } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { addressLists } from "#core/countries.ts";
import { ShippingForm } from "./shipping-form.tsx";
import { SHIPPING_STORAGE_KEY, shippingStore } from "./shipping-store.ts";

const lists = addressLists();

afterEach(() => {
  sessionStorage.clear();
  document.body.innerHTML = "";
});

/** The prerendered form, typed into before React takes it over. */
async function hydrateAfter(typing: (page: HTMLElement) => void) {
  const container = document.createElement("div");
  container.innerHTML = renderToString(<ShippingForm lists={lists} />);
  document.body.append(container);
  typing(container);
  await act(async () => {
    hydrateRoot(container, <ShippingForm lists={lists} />);
  });
  return container;
}

const stored = () => JSON.parse(sessionStorage.getItem(SHIPPING_STORAGE_KEY) ?? "{}");

describe("ShippingForm", () => {
  it("keeps what was typed before the page hydrated, on screen and for the estimate", async () => {
    const page = await hydrateAfter((form) => {
      within(form).getByLabelText<HTMLInputElement>("Postcode").value = "2000";
      within(form).getByLabelText<HTMLSelectElement>("Country").value = "NZ";
    });
    expect(stored()).toMatchObject({ postcode: "2000", country: "NZ" });
    expect(within(page).getByLabelText("Postcode")).toHaveValue("2000");
    expect(within(page).getByLabelText("Country")).toHaveValue("NZ");
  });

  it("lists Australia first, then every other country by name, each by its code", async () => {
    const page = await hydrateAfter(() => {});
    const list = within(page).getByLabelText("Country");
    const options = within(list).getAllByRole("option") as HTMLOptionElement[];
    expect(options.slice(0, 3).map((option) => [option.value, option.text])).toEqual([
      ["", "Choose a country"],
      ["AU", "Australia"],
      ["AF", "Afghanistan"],
    ]);
    const names = options.slice(2).map((option) => option.text);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
    expect(options).toHaveLength(250);
    expect(within(list).getByRole("option", { name: "United States" })).toHaveValue("US");
  });

  it.each(["united states", "usa", "US"])(
    "chooses the country a tab kept as %s before the list, as its estimate charges it",
    async (kept) => {
      shippingStore.setRaw(JSON.stringify({ country: kept }));
      const page = await hydrateAfter(() => {});
      expect(within(page).getByLabelText("Country")).toHaveValue("US");
    },
  );

  it("shows what this tab kept, and leaves it alone when nothing was typed", async () => {
    shippingStore.setRaw(JSON.stringify({ city: "Hobart", postcode: "7000" }));
    const page = await hydrateAfter(() => {});
    expect(stored()).toMatchObject({ city: "Hobart", postcode: "7000" });
    expect(within(page).getByLabelText("City")).toHaveValue("Hobart");
  });
});

describe("the State field", () => {
  it("lists Australia's eight states and territories and keeps the one chosen", async () => {
    shippingStore.setRaw(JSON.stringify({ country: "AU", state: "TAS" }));
    const page = await hydrateAfter(() => {});
    const state = within(page).getByLabelText("State or territory");
    expect(state).toHaveValue("TAS");
    expect(within(state).getAllByRole("option")).toHaveLength(9);
    expect(state).toHaveAttribute("autocomplete", "address-level1");
  });
});
