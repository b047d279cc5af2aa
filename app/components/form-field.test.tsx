import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FormField } from "./form-field.tsx";

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
