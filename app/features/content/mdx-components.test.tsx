import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { siteConfig } from "#core/site-config.ts";
import { mdxComponents } from "./mdx-components.tsx";

const { BankDetails, SiteLink, SupportPhone } = mdxComponents;

function renderInRouter(node: React.ReactNode) {
  return render(<MemoryRouter>{node}</MemoryRouter>);
}

describe("MDX components reading the site config", () => {
  it("labels placeholder bank details as an example not to pay into", () => {
    renderInRouter(<BankDetails />);
    expect(screen.getByText("000-000")).toBeVisible();
    expect(screen.getByText(/Example details only: do not pay into this account/)).toBeVisible();
    expect(screen.getByRole("link", { name: "Contact us" })).toHaveAttribute("href", "/contactus");
  });

  it("never links an address that is still a placeholder, and says it is coming soon", () => {
    renderInRouter(
      <p>
        Our <SiteLink to="catalogueSpreadsheet">catalogue spreadsheet</SiteLink> and{" "}
        <SiteLink to="codeHosting">code</SiteLink>.
      </p>,
    );
    expect(screen.queryByRole("link")).not.toBeInTheDocument();
    expect(
      screen.getByText(/catalogue spreadsheet \(coming soon\) and code \(coming soon\)/),
    ).toBeVisible();
    expect(document.body.innerHTML).not.toContain(siteConfig.links.catalogueSpreadsheet);
  });

  it("shows the phone number from ACMA's fictitious range", () => {
    renderInRouter(<SupportPhone />);
    expect(screen.getByRole("link", { name: "0491 570 156" })).toHaveAttribute(
      "href",
      "tel:+61491570156",
    );
  });
});
