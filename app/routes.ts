import { index, route, type RouteConfig } from "@react-router/dev/routes";
import { dataFiles, paths } from "./paths";

/** Route table of SPEC §2; paths come from app/paths.ts. */
const at = (path: string) => path.slice(1);

export default [
  index("routes/home.tsx"),

  // Shop
  route(at(paths.books), "routes/books.tsx"),
  route(at(paths.cyberware), "routes/cyberware.tsx"),
  route(at(paths.merchandise), "routes/merchandise.tsx"),
  route(at(paths.cart), "routes/cart.tsx"),
  route(at(paths.checkout), "routes/checkout.tsx"),
  route(at(paths.search), "routes/search.tsx"),

  // Information pages (content/pages/*.mdx)
  route(at(paths.cyberwareCatalogue), "routes/cyberware-catalogue.tsx"),
  route(at(paths.cytheseus), "routes/cytheseus.tsx"),
  route(at(paths.cyborgMuseum), "routes/cyborg-museum.tsx"),
  route(at(paths.cybersecurity), "routes/cybersecurity.tsx"),
  route(at(paths.donate), "routes/donate.tsx"),
  route(at(paths.events), "routes/events.tsx"),
  route(at(paths.history), "routes/history.tsx"),
  route(at(paths.library), "routes/library.tsx"),
  route(at(paths.media), "routes/media.tsx"),
  route(at(paths.openSourceProjects), "routes/open-source-projects.tsx"),
  route(at(paths.privacyPolicy), "routes/privacy-policy.tsx"),
  route(at(paths.purchaseAndRefundPolicy), "routes/purchase-and-refund-policy.tsx"),
  route(at(paths.termsAndConditions), "routes/terms-and-conditions.tsx"),
  route(at(paths.transhumanRights), "routes/transhuman-rights.tsx"),
  route(at(paths.volunteer), "routes/volunteer.tsx"),
  route(at(paths.contactUs), "routes/contact-us.tsx"),

  // Courses and guides
  route(
    at(paths.learnBiomedicalEngineeringMaths),
    "routes/learn-biomedical-engineering-maths-for-beginners.tsx",
  ),
  route(at(paths.learnBookPublishing), "routes/learn-book-publishing-course.tsx"),
  route(at(paths.learnCosmeticPiercing), "routes/learn-cosmetic-piercing-for-beginners.tsx"),
  route(at(paths.learnCyberware), "routes/learn-cyberware-course.tsx"),
  route(at(paths.learnEcg), "routes/learn-ecg-for-beginners.tsx"),
  route(at(paths.learnNeuroscience), "routes/learn-neuroscience-for-beginners.tsx"),
  route(at(paths.learnProgramming), "routes/learn-programming-for-beginners.tsx"),
  route(at(paths.learnRfid), "routes/learn-rfid-for-beginners.tsx"),

  // Glossary, its data file for anyone who reads it (SPEC §7), and the page's own data
  route(at(paths.terminologies), "routes/terminologies.tsx"),
  route(at(dataFiles.terminologies), "routes/terminologies-csv.ts"),
  route(at(dataFiles.glossary), "routes/glossary-json.ts"),

  // Accounts
  route(at(paths.signup), "routes/signup.tsx"),
  route(at(paths.login), "routes/login.tsx"),
  route(at(paths.account), "routes/account.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
