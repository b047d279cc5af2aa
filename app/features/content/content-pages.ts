import { paths } from "#app/paths.ts";

/** One route module serves them all; contact and glossary have their own and use MDX as intro. */
export const contentPages = [
  { path: paths.home, source: "home" },
  { path: paths.cyberwareCatalogue, source: "cyberware-catalogue" },
  { path: paths.cytheseus, source: "cytheseus" },
  { path: paths.cyborgMuseum, source: "cyborg-museum" },
  { path: paths.cybersecurity, source: "cybersecurity" },
  { path: paths.donate, source: "donate" },
  { path: paths.events, source: "events" },
  { path: paths.history, source: "history" },
  { path: paths.library, source: "library" },
  { path: paths.media, source: "media" },
  { path: paths.openSourceProjects, source: "open-source-projects" },
  { path: paths.privacyPolicy, source: "privacy-policy" },
  { path: paths.purchaseAndRefundPolicy, source: "purchase-and-refund-policy" },
  { path: paths.termsAndConditions, source: "terms-and-conditions" },
  { path: paths.transhumanRights, source: "transhuman-rights" },
  { path: paths.volunteer, source: "volunteer" },
  {
    path: paths.learnBiomedicalEngineeringMaths,
    source: "learn-biomedical-engineering-maths-for-beginners",
  },
  { path: paths.learnBookPublishing, source: "learn-book-publishing-course" },
  { path: paths.learnCosmeticPiercing, source: "learn-cosmetic-piercing-for-beginners" },
  { path: paths.learnCyberware, source: "learn-cyberware-course" },
  { path: paths.learnEcg, source: "learn-ecg-for-beginners" },
  { path: paths.learnNeuroscience, source: "learn-neuroscience-for-beginners" },
  { path: paths.learnProgramming, source: "learn-programming-for-beginners" },
  { path: paths.learnRfid, source: "learn-rfid-for-beginners" },
] as const;

export type ContentPageEntry = (typeof contentPages)[number];

/** Route paths match in any case, like SPEC's /Cytheseus. */
export function contentPageAt(pathname: string): ContentPageEntry | undefined {
  const wanted = pathname.toLowerCase();
  return contentPages.find((page) => page.path.toLowerCase() === wanted);
}
