/** `npm run bench` prints how many hold; search-engine.test.ts holds those marked `important`. */
export type ResultSection = "products" | "pages" | "glossary";

export interface RelevanceQuery {
  query: string;
  section: ResultSection;
  /** A product's id, a page's path, or a glossary term. */
  first: number | string;
  important?: boolean;
}

export const RELEVANCE_QUERIES: readonly RelevanceQuery[] = [
  { query: "autoclave pouch", section: "products", first: 19, important: true },
  { query: "autoclav pouhc", section: "products", first: 19 },
  { query: "sterilisation pouches", section: "products", first: 19 },
  { query: "KYB-TL-006", section: "products", first: 18, important: true },
  { query: "kybtl006", section: "products", first: 18 },
  { query: "9780648921707", section: "products", first: 1, important: true },
  { query: "978-0-6489217-2-1", section: "products", first: 3, important: true },
  { query: "neurl interface", section: "products", first: 1, important: true },
  { query: "ural", section: "products", first: 1, important: true },
  { query: "implnat", section: "products", first: 18, important: true },
  { query: "magnetic feild viewer", section: "products", first: 13, important: true },
  { query: "rfid reader", section: "products", first: 14, important: true },
  { query: "ntag216", section: "products", first: 18 },
  { query: "magnet implant", section: "products", first: 3 },
  { query: "stersman", section: "products", first: 32 },
  { query: "hoodie", section: "products", first: 28 },
  { query: "tshirt", section: "products", first: 27 },
  { query: "forceps", section: "products", first: 16 },
  { query: "sharps", section: "products", first: 24 },
  { query: "indicator strips", section: "products", first: 21 },
  { query: "class 5", section: "products", first: 20 },
  { query: "science fiction", section: "products", first: 7 },
  { query: "neuroscence", section: "products", first: 5 },
  { query: "suture", section: "products", first: 17 },
  { query: "enamel pin", section: "products", first: 33 },
  { query: "ecg", section: "products", first: 10 },
  { query: "beginner book on neural interfaces", section: "products", first: 1 },
  { query: "hoodie size L", section: "products", first: 28 },
  { query: "cybrog", section: "glossary", first: "Cyborg", important: true },
  { query: "cochlear", section: "glossary", first: "Cochlear implant" },
  { query: "volunter", section: "pages", first: "/volunteer" },
  { query: "privacy", section: "pages", first: "/privacypolicy" },
];
