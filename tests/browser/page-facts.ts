/**
 * What each information page must say: its heading and facts from SPEC §2, checked by the
 * route walk (shell.spec.ts) on the page it already has open.
 */
export const pageFacts: readonly { path: string; h1: string; facts: RegExp[] }[] = [
  { path: "/", h1: "Kybernetes", facts: [/kih-ber-NEE-teez/, /become more than human/] },
  {
    path: "/history",
    h1: "History",
    facts: [/Norbert Wiener/, /1960/, /Cyborgs and Space/, /Graeme Clark/, /around a million/],
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
    facts: [/community-maintained/, /shared spreadsheet is coming soon/],
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
  {
    path: "/opensourceprojects",
    h1: "Open Source Projects",
    facts: [/code-hosting profile/, /Coming soon/, /have not been published yet/],
  },
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
    facts: [
      /1–2 business days/,
      /within 14 days/,
      /7–10 business days/,
      /include GST/,
      /Within Australia: \$20\.00 AUD/,
      /To the USA: \$10\.00 AUD/,
    ],
  },
  { path: "/termsandconditions", h1: "Terms and Conditions", facts: [/not a healthcare provider/] },
  { path: "/LearnCyberwareCourse", h1: "Learn Cyberware Course", facts: [/Curriculum/] },
  {
    path: "/LearnBookPublishingCourse",
    h1: "How to Write and Publish a Book",
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
    facts: [/Worked example/, /Exercises/, /Reading list/],
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

/** Pages that carry the medical disclaimer. */
export const medicalPages = [
  "/LearnCyberwareCourse",
  "/LearnCosmeticPiercingForBeginners",
  "/LearnECGForBeginners",
  "/LearnNeuroscienceForBeginners",
  "/LearnRFIDForBeginners",
];
