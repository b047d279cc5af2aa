import { act, within } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { ShippingForm } from "./shipping-form.tsx";
import { SHIPPING_STORAGE_KEY, shippingStore } from "./shipping-store.ts";

afterEach(() => {
  sessionStorage.clear();
  document.body.innerHTML = "";
});

/** The prerendered form, typed into before React takes it over. */
async function hydrateAfter(typing: (page: HTMLElement) => void) {
  const container = document.createElement("div");
  container.innerHTML = renderToString(<ShippingForm />);
  document.body.append(container);
  typing(container);
  await act(async () => {
    hydrateRoot(container, <ShippingForm />);
  });
  return container;
}

const stored = () => JSON.parse(sessionStorage.getItem(SHIPPING_STORAGE_KEY) ?? "{}");

describe("ShippingForm", () => {
  it("keeps what was typed before the page hydrated, on screen and for the estimate", async () => {
    const page = await hydrateAfter((form) => {
      within(form).getByLabelText<HTMLInputElement>("Postcode").value = "2000";
      within(form).getByLabelText<HTMLInputElement>("Country").value = "Australia";
    });
    expect(stored()).toMatchObject({ postcode: "2000", country: "Australia" });
    expect(within(page).getByLabelText("Postcode")).toHaveValue("2000");
    expect(within(page).getByLabelText("Country")).toHaveValue("Australia");
  });

  it("shows what this tab kept, and leaves it alone when nothing was typed", async () => {
    shippingStore.setRaw(JSON.stringify({ city: "Hobart", postcode: "7000" }));
    const page = await hydrateAfter(() => {});
    expect(stored()).toMatchObject({ city: "Hobart", postcode: "7000" });
    expect(within(page).getByLabelText("City")).toHaveValue("Hobart");
  });
});
