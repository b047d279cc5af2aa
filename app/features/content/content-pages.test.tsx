import { render, screen, within } from "@testing-library/react";
import type { MDXContent } from "mdx/types";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { REFUND_TIME } from "#core/orders/refund-policy.ts";
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
    // Australian states do not all license practitioners; the rules are about the premises.
    expect(note).not.toHaveTextContent(/licensed practitioner/);
    expect(note).toHaveTextContent("skin penetration rules");
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
      within(page).getByRole("heading", { level: 1, name: "How to Write and Publish a Book" }),
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
    // One source for the refund time: the e-mails quote REFUND_TIME too (issue 38).
    expect(refunds).toContain(`we pay it within ${REFUND_TIME}`);
    expect(refunds).toMatch(/Goods we send outside Australia are GST-free exports/);
    expect(refunds).toMatch(/change of mind/i);
    expect(refunds).toMatch(/include GST/);
    expect(refunds).toMatch(/free on orders over \$300\.00 AUD/);
    expect(refunds).toMatch(/Within Australia: \$20\.00 AUD/);
    expect(refunds).toMatch(/To the USA: \$10\.00 AUD/);
    expect(refunds).toMatch(/Anywhere else: \$20\.00 AUD/);
    expect(text("privacy-policy").textContent).toMatch(/children under 13/);
    expect(text("cybersecurity").textContent).toMatch(/Effective date: 5 March 2024/);
  });

  it("the courses and history state the corrected facts", () => {
    const history = text("history").textContent ?? "";
    expect(history).not.toMatch(/hundreds of thousands/i);
    expect(history).toMatch(/737,000/);
    expect(history).toMatch(/around a million/);

    const ecg = text("learn-ecg-for-beginners").textContent ?? "";
    expect(ecg).toMatch(/laptop plugged into its charger is mains-connected/);
    expect(ecg).toMatch(/USB isolator/);

    const rfid = text("learn-rfid-for-beginners").textContent ?? "";
    for (const standard of [/ISO\/IEC 14443/, /ISO\/IEC 15693/, /FeliCa/]) {
      expect(rfid).toMatch(standard);
    }

    const piercing = text("learn-cosmetic-piercing-for-beginners").textContent ?? "";
    expect(piercing).toMatch(/Type 4 \(multi-variable\) indicator responds to two or more/);
    expect(piercing).toMatch(/Only Type 5 \(integrating\) and Type 6 \(emulating\)/);
    expect(piercing).not.toMatch(/Class 4, 5 or 6/);
    expect(piercing).toMatch(/section 37 of the Public Health Regulation 2022/);
    expect(piercing).toMatch(/calibrated at least every 12 months/);

    const cyberware = text("learn-cyberware-course").textContent ?? "";
    expect(cyberware).not.toMatch(/licensed practitioner/);
    expect(cyberware).toMatch(/notify their local council/);
    expect(cyberware).toMatch(/higher-risk personal appearance services/);
    expect(cyberware).toMatch(/South Australia/);
    expect(cyberware).toMatch(/MIFARE Classic.*is not an NFC Forum tag type/);
  });

  it.each([
    "learn-biomedical-engineering-maths-for-beginners",
    "learn-ecg-for-beginners",
    "learn-neuroscience-for-beginners",
    "learn-programming-for-beginners",
    "learn-rfid-for-beginners",
  ])("%s has a worked example, exercises with answers and a reading list", (slug) => {
    const page = text(slug);
    expect(within(page).getByRole("heading", { level: 2, name: /^Worked example/ })).toBeVisible();
    const exercises = within(page).getByRole("heading", { level: 2, name: "Exercises" });
    let list = exercises.nextElementSibling;
    while (list && list.tagName !== "OL") list = list.nextElementSibling;
    expect(list?.querySelectorAll(":scope > li").length).toBeGreaterThanOrEqual(3);
    const answers = page.querySelector("details");
    expect(answers?.querySelector("summary")).toHaveTextContent("Answers");
    expect(answers?.querySelectorAll("li").length).toBe(
      list?.querySelectorAll(":scope > li").length,
    );
    const reading = within(page).getByRole("heading", { level: 2, name: "Reading list" });
    expect(reading.nextElementSibling?.tagName).toBe("UL");
    // Headings go down one level at a time from the page's single h1.
    const levels = [...page.querySelectorAll("h1, h2, h3, h4")].map((h) => Number(h.tagName[1]));
    levels.forEach((level, index) => {
      if (index > 0) expect(level).toBeLessThanOrEqual(levels[index - 1]! + 1);
    });
    expect(page.textContent).not.toMatch(/full course/i);
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
