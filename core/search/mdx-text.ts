import { SHIPPING_CENTS } from "../cart/shipping.ts";
import { formatMoney } from "../format.ts";
import { formatAddress, siteConfig } from "../site-config.ts";

/** What MDX components render, so a search for the support e-mail finds the pages showing it. */
export const mdxComponentText: Readonly<Record<string, string>> = {
  CompanyName: siteConfig.companyName,
  Abn: `ABN ${siteConfig.abn}`,
  SupportEmail: siteConfig.supportEmail,
  SupportPhone: siteConfig.phone.display,
  StreetAddress: formatAddress(),
  MeetupVenue: siteConfig.meetup.venue,
  FreeShippingThreshold: formatMoney(siteConfig.freeShippingOverCents),
  ShippingRateUsa: formatMoney(SHIPPING_CENTS.usa),
  ShippingRateStandard: formatMoney(SHIPPING_CENTS.elsewhere),
};

const ENTITIES: Readonly<Record<string, string>> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
};

function dropStatements(lines: readonly string[]): string[] {
  const kept: string[] = [];
  let depth = 0;
  let inStatement = false;
  for (const line of lines) {
    if (!inStatement && /^(export|import)\s/.test(line)) inStatement = true;
    if (!inStatement) {
      kept.push(line);
      continue;
    }
    for (const char of line) {
      if (char === "{" || char === "[" || char === "(") depth += 1;
      else if (char === "}" || char === "]" || char === ")") depth -= 1;
    }
    if (depth <= 0) {
      depth = 0;
      inStatement = false;
    }
  }
  return kept;
}

function plainLine(line: string, components: Readonly<Record<string, string>>): string {
  if (/^\s*```/.test(line)) return "";
  // Table separator rows and thematic breaks carry no words.
  if (/^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/.test(line)) return "";
  if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(line)) return "";
  return line
    .replace(/<([A-Z]\w*)\b[^>]*\/>/g, (_tag, name: string) => ` ${components[name] ?? ""} `)
    .replace(/<\/?[A-Za-z][^>]*>/g, " ")
    .replace(/\{[^{}]*\}/g, " ")
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
    .replace(/^\s{0,3}#{1,6}\s+/, "")
    .replace(/^\s*>\s?/, "")
    .replace(/^\s*(?:[-*+]|\d+[.)])\s+/, "")
    .replace(/\*\*|__|[*`~]/g, "")
    .replace(/(^|\W)_(\S(?:[^_]*\S)?)_(?=\W|$)/g, "$1$2")
    .replace(/\|/g, " ")
    .replace(/&(amp|lt|gt|quot|apos|nbsp);/g, (_entity, name: string) => ENTITIES[name] ?? "")
    .replace(/\\([\\`*_{}[\]()#+\-.!|<>])/g, "$1");
}

export function mdxToPlainText(
  source: string,
  components: Readonly<Record<string, string>> = mdxComponentText,
): string {
  const withoutComments = source
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(/\{\/\*[\s\S]*?\*\/\}/g, " ");
  return dropStatements(withoutComments.split(/\r?\n/))
    .map((line) => plainLine(line, components))
    .join(" ")
    .replace(/\s+/g, " ")
    .trim();
}
