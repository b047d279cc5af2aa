/** SPEC §2 lists the first eight; `content` names the MDX file whose text is also searched. */
export interface SearchablePage {
  title: string;
  path: string;
  content?: string;
}

export const searchablePages: readonly SearchablePage[] = [
  { title: "Events", path: "/events", content: "events" },
  { title: "History", path: "/history", content: "history" },
  { title: "Library", path: "/library", content: "library" },
  { title: "Privacy Policy", path: "/privacypolicy", content: "privacy-policy" },
  { title: "Terms and Conditions", path: "/termsandconditions", content: "terms-and-conditions" },
  { title: "Contact Us", path: "/contactus" },
  { title: "Transhuman Rights", path: "/transhumanrights", content: "transhuman-rights" },
  { title: "Volunteer", path: "/volunteer", content: "volunteer" },
  { title: "Home", path: "/", content: "home" },
  { title: "Books", path: "/books" },
  { title: "Cyberware", path: "/cyberware" },
  { title: "Merchandise", path: "/merchandise" },
  { title: "Cyberware Catalogue", path: "/cyberwareCatalogue", content: "cyberware-catalogue" },
  { title: "Cyborg Museum", path: "/cyborgmuseum", content: "cyborg-museum" },
  { title: "Cytheseus", path: "/cytheseus", content: "cytheseus" },
  {
    title: "ISO 27001 Information Security Policy",
    path: "/cybersecurity",
    content: "cybersecurity",
  },
  { title: "Donate", path: "/donate", content: "donate" },
  { title: "Media", path: "/media", content: "media" },
  { title: "Open Source Projects", path: "/opensourceprojects", content: "open-source-projects" },
  {
    title: "Purchase and Refund Policy",
    path: "/PurchaseAndRefundPolicy",
    content: "purchase-and-refund-policy",
  },
  { title: "Terminologies (Glossary)", path: "/terminologies" },
  {
    title: "Learn Cyberware Course",
    path: "/LearnCyberwareCourse",
    content: "learn-cyberware-course",
  },
  {
    title: "How to Write and Publish a Book",
    path: "/LearnBookPublishingCourse",
    content: "learn-book-publishing-course",
  },
  {
    title: "Piercings Guide",
    path: "/LearnCosmeticPiercingForBeginners",
    content: "learn-cosmetic-piercing-for-beginners",
  },
  {
    title: "Biomedical Engineering Maths for Beginners",
    path: "/LearnBiomedicalEngineeringMathsForBeginners",
    content: "learn-biomedical-engineering-maths-for-beginners",
  },
  { title: "ECG for Beginners", path: "/LearnECGForBeginners", content: "learn-ecg-for-beginners" },
  {
    title: "Neuroscience for Beginners",
    path: "/LearnNeuroscienceForBeginners",
    content: "learn-neuroscience-for-beginners",
  },
  {
    title: "Programming for Beginners",
    path: "/LearnProgrammingForBeginners",
    content: "learn-programming-for-beginners",
  },
  {
    title: "RFID for Beginners",
    path: "/LearnRFIDForBeginners",
    content: "learn-rfid-for-beginners",
  },
];
