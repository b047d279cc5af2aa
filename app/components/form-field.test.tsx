import { render, screen, within } from "@testing-library/react";
import { act, useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FormField, Input, Textarea } from "./form-field.tsx";

describe("FormField", () => {
  it("labels its control and describes it with the hint", () => {
    render(
      <FormField label="Message" id="message" hint="0 of 1000 characters">
        {(control) => <textarea {...control} />}
      </FormField>,
    );
    const field = screen.getByLabelText("Message");
    expect(field).toHaveAccessibleDescription("0 of 1000 characters");
    expect(field).not.toHaveAttribute("aria-invalid");
  });

  it("marks the control invalid and reads the error with it", () => {
    render(
      <FormField
        label="Email"
        id="email"
        hint="We reply to this address"
        error="Invalid email format"
      >
        {(control) => <input {...control} />}
      </FormField>,
    );
    const field = screen.getByLabelText("Email");
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(field).toHaveAccessibleDescription("We reply to this address Invalid email format");
    expect(screen.getByText("Invalid email format")).toBeVisible();
  });
});

describe("Input and Textarea before hydration", () => {
  function ContactLike() {
    const [email, setEmail] = useState("");
    const [message, setMessage] = useState("");
    const [agree, setAgree] = useState(false);
    return (
      <form>
        <Input
          aria-label="Email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Textarea
          aria-label="Message"
          value={message}
          onChange={(event) => setMessage(event.target.value)}
        />
        <Input
          aria-label="Agree"
          type="checkbox"
          checked={agree}
          onChange={(event) => setAgree(event.target.checked)}
        />
        <output>{`${email}|${message}|${agree ? "yes" : "no"}`}</output>
      </form>
    );
  }

  async function hydrateAfter(typing: (container: HTMLElement) => void) {
    const container = document.createElement("div");
    container.innerHTML = renderToString(<ContactLike />);
    document.body.append(container);
    typing(container);
    await act(async () => {
      hydrateRoot(container, <ContactLike />);
    });
    return container;
  }

  it("takes what was typed into the prerendered fields into the state", async () => {
    const container = await hydrateAfter((page) => {
      within(page).getByLabelText<HTMLInputElement>("Email").value = "ada@example.com";
      within(page).getByLabelText<HTMLTextAreaElement>("Message").value = "Hello there";
      within(page).getByLabelText<HTMLInputElement>("Agree").checked = true;
    });
    expect(within(container).getByRole("status")).toHaveTextContent(
      "ada@example.com|Hello there|yes",
    );
    expect(within(container).getByLabelText("Email")).toHaveValue("ada@example.com");
  });

  it("leaves untouched fields as they were", async () => {
    const container = await hydrateAfter(() => {});
    expect(within(container).getByRole("status")).toHaveTextContent(/^\|\|no$/);
  });
});
