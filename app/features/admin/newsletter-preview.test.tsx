import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { checkedNewsletter } from "./newsletter-form.tsx";
import { NewsletterPreview } from "./newsletter-preview.tsx";

const html =
  '<!DOCTYPE html><html lang="en-AU"><body><p style="color:#1d232b">Spring is here</p></body></html>';

describe("the newsletter preview", () => {
  it("shows the e-mail at a computer's and a phone's width, sandboxed, with its plain text", () => {
    render(
      <NewsletterPreview
        preview={{
          subject: "Spring news",
          html,
          text: "Spring is here\n\nUnsubscribe: …",
          missingProducts: [],
        }}
      />,
    );
    for (const name of [
      "The e-mail on a computer, 600 pixels wide",
      "The e-mail on a phone, 375 pixels wide",
    ]) {
      const frame = screen.getByTitle(name);
      expect(frame).toHaveAttribute("sandbox", "allow-same-origin");
      expect(frame.getAttribute("srcdoc")).toContain('data-style="color:#1d232b"');
      expect(frame.getAttribute("srcdoc")).not.toContain(' style="');
    }
    expect(screen.getByRole("heading", { name: "Plain-text part" })).toBeVisible();
    expect(screen.getByText(/Unsubscribe: …/)).toBeVisible();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("says which product cards name nothing on sale", () => {
    render(
      <NewsletterPreview
        preview={{ subject: "Oops", html, text: "", missingProducts: ["old-book"] }}
      />,
    );
    expect(screen.getByRole("alert")).toHaveTextContent(
      "No product on sale is called old-book: its card is left out",
    );
  });
});

describe("the newsletter form's check", () => {
  it("names each field the server would refuse, with the server's words", () => {
    const form = new FormData();
    form.set("subject", "   ");
    form.set("body", "");
    expect(checkedNewsletter(form)).toEqual({
      ok: false,
      fields: { subject: "Subject is required", body: "Write the newsletter's text" },
    });
    form.set("subject", "Spring news");
    form.set("body", "Hello");
    expect(checkedNewsletter(form)).toEqual({
      ok: true,
      draft: { subject: "Spring news", preheader: "", body: "Hello" },
    });
  });
});
