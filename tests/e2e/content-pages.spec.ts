import { expect, test, waitForHydration } from "./fixtures.ts";

/** Every information route of SPEC §2 with its heading and a fact it must state. */
const pages: readonly { path: string; h1: string; facts: RegExp[] }[] = [
  { path: "/", h1: "Kybernetes", facts: [/kih-ber-NEE-teez/, /become more than human/] },
  {
    path: "/history",
    h1: "History",
    facts: [/Norbert Wiener/, /1960/, /Cyborgs and Space/, /Graeme Clark/],
  },
  {
    path: "/events",
    h1: "Events",
    facts: [/4th Saturday of each month, 12:00 pm to 1:00 pm AEDT/, /free/, /Garden Street/],
  },
  { path: "/library", h1: "Library", facts: [/Learn Cyberware/, /Terminologies/] },
  { path: "/media", h1: "Media", facts: [/#0b6e69/, /Logo downloads/] },
  {
    path: "/cyborgmuseum",
    h1: "Cyborg Museum",
    facts: [/suspended for lack of funds/, /Entry will be free/, /No food or drink/, /flash/],
  },
  {
    path: "/cyberwareCatalogue",
    h1: "Cyberware Catalogue",
    facts: [/community-maintained/, /Open the Cyberware Catalogue spreadsheet/],
  },
  { path: "/cytheseus", h1: "Cytheseus", facts: [/COMING SOON/] },
  {
    path: "/cybersecurity",
    h1: "Information Security Policy (ISO/IEC 27001)",
    facts: [/5 March 2024/, /No external certification audit has been carried out/],
  },
  {
    path: "/donate",
    h1: "Donate",
    facts: [/not a charity/, /not tax-deductible/, /BSB/, /donors' plaque/],
  },
  { path: "/opensourceprojects", h1: "Open Source Projects", facts: [/code-hosting profile/] },
  { path: "/transhumanrights", h1: "Transhuman Rights", facts: [/Morphological freedom/] },
  {
    path: "/volunteer",
    h1: "Volunteer",
    facts: [/Filming volunteering: coming soon/, /Social-work volunteering: coming soon/],
  },
  { path: "/privacypolicy", h1: "Privacy Policy", facts: [/under 13/, /Privacy Act 1988/] },
  {
    path: "/PurchaseAndRefundPolicy",
    h1: "Purchase and Refund Policy",
    facts: [/1–2 business days/, /within 14 days/, /7–10 business days/, /include GST/],
  },
  { path: "/termsandconditions", h1: "Terms and Conditions", facts: [/not a healthcare provider/] },
  { path: "/LearnCyberwareCourse", h1: "Learn Cyberware Course", facts: [/Curriculum/] },
  {
    path: "/LearnBookPublishingCourse",
    h1: "How to write and Publish a book",
    facts: [/The 35 steps/, /AUD/],
  },
  {
    path: "/LearnCosmeticPiercingForBeginners",
    h1: "Piercings Guide",
    facts: [/Metal types/, /Identification tests/, /Sterilisation methods/],
  },
  {
    path: "/LearnBiomedicalEngineeringMathsForBeginners",
    h1: "Biomedical Engineering Maths for Beginners",
    facts: [/What the full course will cover/],
  },
  { path: "/LearnECGForBeginners", h1: "ECG for Beginners", facts: [/QRS complex/] },
  {
    path: "/LearnNeuroscienceForBeginners",
    h1: "Neuroscience for Beginners",
    facts: [/action potential/],
  },
  { path: "/LearnProgrammingForBeginners", h1: "Programming for Beginners", facts: [/Python/] },
  { path: "/LearnRFIDForBeginners", h1: "RFID for Beginners", facts: [/NTAG216/] },
  { path: "/terminologies", h1: "Terminologies", facts: [/All Terms/] },
  { path: "/contactus", h1: "Contact Us", facts: [/Alexandria NSW/] },
];

const medical = [
  "/LearnCyberwareCourse",
  "/LearnCosmeticPiercingForBeginners",
  "/LearnECGForBeginners",
  "/LearnNeuroscienceForBeginners",
  "/LearnRFIDForBeginners",
];

test.describe("information pages", () => {
  for (const { path, h1, facts } of pages) {
    test(`${path} shows ${h1} and its key facts`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(h1);
      const main = page.getByRole("main");
      for (const fact of facts) await expect(main).toContainText(fact);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        "href",
        new RegExp(`${path === "/" ? "" : path}$`),
      );
      if (medical.includes(path)) {
        await expect(page.getByRole("complementary", { name: "Medical disclaimer" })).toContainText(
          "not medical advice",
        );
      }
    });
  }
});

test("the second spellings of SPEC §2 serve the same page with the main address as canonical", async ({
  page,
}) => {
  for (const [variant, main, h1] of [
    ["/cyberwarecatalogue", "/cyberwareCatalogue", "Cyberware Catalogue"],
    ["/Cytheseus", "/cytheseus", "Cytheseus"],
    ["/Terminologies", "/terminologies", "Terminologies"],
  ] as const) {
    const response = await page.goto(variant);
    expect(response?.status(), variant).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(h1);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      new RegExp(`${main}$`),
    );
  }
});

test("every course and guide linked from the library opens", async ({ page, request }) => {
  await page.goto("/library");
  const hrefs = await page
    .getByRole("main")
    .getByRole("link")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  const courses = hrefs.filter((href) => href.startsWith("/Learn"));
  expect(courses).toHaveLength(8);
  for (const href of hrefs.filter((each) => each.startsWith("/"))) {
    expect((await request.get(href)).status(), href).toBe(200);
  }
});

test("the Cytheseus emblem spins, and keeps still for readers who prefer reduced motion", async ({
  page,
}) => {
  const emblem = page.getByRole("img", { name: /Cytheseus emblem/ });
  const animation = () => emblem.evaluate((element) => getComputedStyle(element).animationName);
  await page.goto("/cytheseus");
  expect(await animation()).not.toBe("none");
  await page.emulateMedia({ reducedMotion: "reduce" });
  expect(await animation()).toBe("none");
  await expect(page.getByRole("heading", { name: "COMING SOON" })).toBeVisible();
});

test("a content page reached from a page that hydrated opens within the app", async ({ page }) => {
  await page.goto("/books");
  await waitForHydration(page);
  await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Library" })
    .click();
  await expect(page).toHaveURL("/library");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Library");
  expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
  // Its links work inside the app too.
  await page.getByRole("main").getByRole("link", { name: "Learn Cyberware" }).click();
  await expect(page).toHaveURL("/LearnCyberwareCourse");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Learn Cyberware Course");
  expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
});
