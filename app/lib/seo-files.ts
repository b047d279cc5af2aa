import { dataFiles, paths } from "#app/paths.ts";

export function sitemapXml(siteUrl: string, paths: readonly string[]): string {
  const urls = paths.map((urlPath) => `  <url><loc>${siteUrl}${urlPath}</loc></url>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/**
 * robots.txt: everything but the API may be crawled. The visitor's own pages are not
 * disallowed: a crawler has to read them to see their `noindex`.
 */
export function robotsTxt(siteUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "",
    `# AI assistants: the shop's Model Context Protocol server is ${siteUrl}${MCP_PATH}, described in ${siteUrl}${dataFiles.llms}.`,
    "",
    `Sitemap: ${siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
}

export const MCP_PATH = "/api/mcp";

type LlmsLink = readonly [title: string, path: string, about?: string];

const LLMS_SECTIONS: readonly (readonly [heading: string, links: readonly LlmsLink[]])[] = [
  [
    "Shop",
    [
      ["Books", paths.books, "textbooks and novels, in print and as eBooks"],
      ["Cyberware", paths.cyberware, "implant kits, tools and sterilisation supplies"],
      ["Merchandise", paths.merchandise],
      ["Search", `${paths.search}?q=`, "products, pages and glossary terms"],
      ["Product data", dataFiles.products, "the whole catalogue as CSV"],
    ],
  ],
  [
    "Policies",
    [
      ["Purchase and Refund Policy", paths.purchaseAndRefundPolicy, "shipping, returns, refunds"],
      ["Privacy Policy", paths.privacyPolicy],
      ["Terms and Conditions", paths.termsAndConditions],
    ],
  ],
  [
    "Learn",
    [
      ["Cyberware course", paths.learnCyberware],
      ["RFID for beginners", paths.learnRfid],
      ["Neuroscience for beginners", paths.learnNeuroscience],
      ["Glossary", paths.terminologies, "terms of cyberware and biomedical engineering"],
    ],
  ],
  [
    "Optional",
    [
      ["History", paths.history],
      ["Events", paths.events],
      ["Contact Us", paths.contactUs],
    ],
  ],
];

/** llmstxt.org: the site in a few Markdown lines for a visiting model or assistant. */
export function llmsTxt(siteUrl: string): string {
  const sections = LLMS_SECTIONS.flatMap(([heading, links]) => [
    `## ${heading}`,
    "",
    ...links.map(
      ([title, path, about]) => `- [${title}](${siteUrl}${path})${about ? `: ${about}` : ""}`,
    ),
    "",
  ]);
  return [
    "# Kybernetes",
    "",
    "> Kybernetes Pty Ltd is a Sydney company in biomedical engineering, cyberware and cyborg culture. Its site sells books, cyberware tools, sterilisation supplies and merchandise, teaches beginners' courses and explains the words of the field. Prices are in Australian dollars and include GST; orders are paid by bank transfer.",
    "",
    `Assistants can shop here through the Model Context Protocol: POST ${siteUrl}${MCP_PATH} (Streamable HTTP, stateless, JSON answers). Its tools search the catalogue, read a product, find policy and information pages, price a cart with shipping and GST exactly as checkout does, and make a checkout link for the person, who places the order themselves. It only reads: nothing is ordered, paid or stored.`,
    "",
    ...sections,
  ].join("\n");
}
