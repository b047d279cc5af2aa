import { render, screen, within } from "@testing-library/react";
import type { MDXContent } from "mdx/types";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { ContentPage } from "./content-page.tsx";

interface PageModule {
  default: MDXContent;
  meta: { title: string; description: string };
}

const modules = import.meta.glob<PageModule>("/content/pages/*.mdx", { eager: true });
const pages = Object.entries(modules).map(([file, module]) => ({
  slug: file.replace(/^.*\/(.+)\.mdx$/, "$1"),
  ...module,
}));

/** Medical and body-modification content must say it is educational, not medical advice. */
const NEEDS_MEDICAL_DISCLAIMER = [
  "library",
  "cyberware-catalogue",
  "learn-cyberware-course",
  "learn-cosmetic-piercing-for-beginners",
  "learn-ecg-for-beginners",
  "learn-neuroscience-for-beginners",
  "learn-rfid-for-beginners",
];

function renderPage(Content: MDXContent) {
  return render(
    <MemoryRouter>
      <ContentPage Content={Content} />
    </MemoryRouter>,
  );
}

describe("content pages (docs/content-guide.md)", () => {
  it("are all found", () => {
    expect(pages.length).toBeGreaterThanOrEqual(26);
  });

  it.each(pages)("$slug has one h1, a title and a description within the limits", (page) => {
    renderPage(page.default);
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(page.meta.title.length).toBeGreaterThan(0);
    expect(page.meta.title.length).toBeLessThanOrEqual(60);
    expect(page.meta.description.length).toBeGreaterThanOrEqual(110);
    expect(page.meta.description.length).toBeLessThanOrEqual(160);
    // Organisation details come from the site config, never typed into a page.
    expect(document.body.textContent).not.toMatch(/undefined|\[object Object\]/);
  });

  it("have unique titles and descriptions", () => {
    const titles = new Set(pages.map((page) => page.meta.title));
    const descriptions = new Set(pages.map((page) => page.meta.description));
    expect(titles.size).toBe(pages.length);
    expect(descriptions.size).toBe(pages.length);
  });

  it.each(NEEDS_MEDICAL_DISCLAIMER)("%s says it is not medical advice", (slug) => {
    const page = pages.find((each) => each.slug === slug);
    expect(page, slug).toBeDefined();
    renderPage(page!.default);
    const note = screen.getByRole("complementary", { name: "Medical disclaimer" });
    expect(note).toHaveTextContent("Educational content, not medical advice.");
    expect(note).toHaveTextContent("is not a healthcare provider");
  });
});

describe("key facts of SPEC §2 and §9", () => {
  const text = (slug: string) => {
    const page = pages.find((each) => each.slug === slug);
    if (!page) throw new Error(`no page ${slug}`);
    const { container } = renderPage(page.default);
    return container;
  };

  it("the cyberware course has an 18-item curriculum", () => {
    const page = text("learn-cyberware-course");
    const curriculum = within(page).getByRole("heading", { name: "Curriculum" });
    const list = curriculum.nextElementSibling as HTMLElement;
    expect(list.tagName).toBe("OL");
    expect(within(list).getAllByRole("listitem")).toHaveLength(18);
    for (const section of ["Requirements", "Knowledge", "Hardware"]) {
      expect(within(page).getByRole("heading", { name: section })).toBeInTheDocument();
    }
  });

  it("the book guide has 35 ordered steps and costs in AUD", () => {
    const page = text("learn-book-publishing-course");
    expect(
      within(page).getByRole("heading", { level: 1, name: "How to write and Publish a book" }),
    ).toBeInTheDocument();
    const steps = within(page).getByRole("heading", { name: "The 35 steps" })
      .nextElementSibling as HTMLElement;
    expect(steps.tagName).toBe("OL");
    expect(within(steps).getAllByRole("listitem")).toHaveLength(35);
    expect(within(page).getByRole("table")).toHaveTextContent("Indicative range (AUD)");
  });

  it("the piercings guide covers metals, identification tests and sterilisation", () => {
    const page = text("learn-cosmetic-piercing-for-beginners");
    for (const section of ["Metal types", "Identification tests", "Sterilisation methods"]) {
      expect(within(page).getByRole("heading", { name: section })).toBeInTheDocument();
    }
  });

  it("the policies carry the SPEC §9 constants", () => {
    const refunds = text("purchase-and-refund-policy").textContent ?? "";
    expect(refunds).toMatch(/1–2 business days/);
    expect(refunds).toMatch(/within 14 days/);
    expect(refunds).toMatch(/7–10 business days/);
    expect(refunds).toMatch(/change of mind/i);
    expect(refunds).toMatch(/include GST/);
    expect(refunds).toMatch(/free on orders over \$300\.00 AUD/);
    expect(text("privacy-policy").textContent).toMatch(/children under 13/);
    expect(text("cybersecurity").textContent).toMatch(/Effective date: 5 March 2024/);
  });

  it("the museum, donate and events pages state their facts", () => {
    const museum = text("cyborg-museum");
    expect(museum).toHaveTextContent(/suspended for lack of funds/);
    for (const section of ["Location", "Entry", "Donations", "Disclaimer"]) {
      expect(within(museum).getByRole("heading", { level: 2, name: section })).toBeInTheDocument();
    }
    const donate = text("donate").textContent ?? "";
    expect(donate).toMatch(/not a charity/);
    expect(donate).toMatch(/not tax-deductible/);
    expect(donate).toMatch(/BSB/);
    expect(donate).toMatch(/plaque/);
    const events = text("events").textContent ?? "";
    expect(events).toMatch(/4th Saturday of each month, 12:00 pm to 1:00 pm AEDT/);
    expect(events).toMatch(/free/);
  });

  it("promise nothing that is not published yet: open-source code and the catalogue spreadsheet", () => {
    const projects = text("open-source-projects");
    expect(projects).toHaveTextContent(/Coming soon/);
    expect(projects).toHaveTextContent(/have not been published yet/);
    expect(projects.textContent).not.toMatch(/projects below are published/);
    const catalogue = text("cyberware-catalogue");
    expect(catalogue).toHaveTextContent(/shared spreadsheet is coming soon/);
    for (const page of [projects, catalogue, text("volunteer")]) {
      const contact = within(page).getAllByRole("link", { name: /contact us/i });
      expect(contact.map((link) => link.getAttribute("href"))).toContain("/contactus");
      // Only addresses that exist are linked: the code-hosting profile and the spreadsheet do not yet.
      const outside = within(page)
        .queryAllByRole("link")
        .map((link) => link.getAttribute("href") ?? "")
        .filter((href) => /^https?:/.test(href));
      expect(outside).toEqual([]);
    }
  });

  it("Cytheseus is coming soon", () => {
    const page = text("cytheseus");
    expect(within(page).getByRole("heading", { name: "COMING SOON" })).toBeInTheDocument();
    expect(within(page).getByRole("img", { name: /emblem/ })).toBeInTheDocument();
  });
});
