import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { AddressBook as Book } from "#core/account/address-book.ts";
import { renderInRoute } from "#tests/app/render-in-route.tsx";
import type { AccountAnswer } from "./account-answers.ts";
import { AddressBook } from "./address-book.tsx";

const SYDNEY = {
  firstName: "Ada",
  surname: "Lovelace",
  street: "1 Analytical Way",
  city: "Sydney",
  postcode: "2000",
  country: "Australia",
  countryCode: "AU",
  state: "NSW",
};

const book: Book = {
  max: 10,
  addresses: [
    { id: 7, isDefault: true, address: SYDNEY },
    { id: 9, isDefault: false, address: { ...SYDNEY, street: "2 Engine Street" } },
  ],
};

function renderBook(state: Book | "failed" | undefined, answer?: AccountAnswer) {
  return renderInRoute(() => <AddressBook book={state} answer={answer} sending={false} />);
}

describe("AddressBook", () => {
  it("lists the addresses, the default marked, each with its own buttons", async () => {
    const sent = renderBook(book);
    const items = within(screen.getByRole("list")).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent("Ada Lovelace (default)");
    expect(items[0]).toHaveTextContent("1 Analytical Way, Sydney NSW 2000, Australia");
    // The default has no "Make default"; the other one has.
    expect(within(items[0]!).queryByRole("button", { name: /Make default/ })).toBeNull();
    await userEvent.click(within(items[1]!).getByRole("button", { name: /^Make default:/ }));
    await screen.findByRole("list");
    expect(Object.fromEntries(sent[0] ?? [])).toEqual({
      authToken: "",
      addressId: "9",
      intent: "defaultAddress",
    });
  });

  it("adds an address through a labelled form with the stored login", async () => {
    const sent = renderBook({ max: 10, addresses: [] });
    expect(screen.getByText(/No saved addresses yet/)).toBeVisible();
    const form = within(screen.getByRole("region", { name: "Add an address" }));
    await userEvent.type(form.getByLabelText("First Name"), "Grace");
    await userEvent.type(form.getByLabelText("Street"), "2 Compiler Lane");
    await userEvent.click(form.getByLabelText("Make this my default address"));
    await userEvent.click(form.getByRole("button", { name: "Save address" }));
    await screen.findByRole("heading", { name: "Saved addresses" });
    expect(Object.fromEntries(sent[0] ?? [])).toMatchObject({
      intent: "addAddress",
      firstName: "Grace",
      street: "2 Compiler Lane",
      makeDefault: "yes",
    });
  });

  it("shows a refused field next to it, keeping what was typed", () => {
    renderBook(
      { max: 10, addresses: [] },
      {
        status: 400,
        fields: { "address.postcode": "Postcode is required" },
        values: { intent: "addAddress", firstName: "Grace", postcode: "" },
      },
    );
    const postcode = screen.getByLabelText("Postcode");
    expect(postcode).toHaveAccessibleDescription("Postcode is required");
    expect(screen.getByLabelText("First Name")).toHaveValue("Grace");
    expect(screen.getByRole("alert")).toHaveTextContent("Failed to save the address");
  });

  it("says when it is saved, and when the book is full", () => {
    renderBook(
      {
        max: 2,
        addresses: book.addresses,
      },
      { intent: "addAddress", done: true },
    );
    expect(screen.getByRole("status")).toHaveTextContent("Address saved.");
    expect(screen.queryByRole("button", { name: "Save address" })).toBeNull();
    expect(screen.getByText(/Your address book is full/)).toBeVisible();
  });
});
