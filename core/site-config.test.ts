import { describe, expect, it } from "vitest";
import { isPlaceholder, placeholders, placeholdersInUse, siteConfig } from "./site-config.ts";

const digits = (value: string) => value.replace(/\s/g, "").split("").map(Number);

/** The ATO's ABN check: first digit less one, weighted sum divisible by 89. */
function isValidAbn(abn: string): boolean {
  const d = digits(abn);
  if (d.length !== 11) return false;
  d[0]! -= 1;
  const weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
  return d.reduce((sum, digit, i) => sum + digit * weights[i]!, 0) % 89 === 0;
}

/** ASIC's ACN check: the ninth digit completes the weighted sum of the first eight. */
function isValidAcn(acn: string): boolean {
  const d = digits(acn);
  if (d.length !== 9) return false;
  const sum = d.slice(0, 8).reduce((total, digit, i) => total + digit * (8 - i), 0);
  return (10 - (sum % 10)) % 10 === d[8];
}

// ACMA's fictitious mobile numbers for creative works (a few of the thirty).
const ACMA_FICTITIOUS_MOBILES = [
  "0491570006",
  "0491570156",
  "0491570157",
  "0491570158",
  "0491570159",
];

describe("site config", () => {
  it("has an ABN and an ACN that pass their checks, the ABN being the company's for that ACN", () => {
    expect(isValidAcn(siteConfig.acn)).toBe(true);
    expect(isValidAbn(siteConfig.abn)).toBe(true);
    expect(siteConfig.abn.replace(/\s/g, "").slice(2)).toBe(siteConfig.acn.replace(/\s/g, ""));
    expect(isValidAbn("51 824 753 556")).toBe(true);
    expect(isValidAbn("51 824 753 557")).toBe(false);
    expect(isValidAcn("824 753 558")).toBe(false);
  });

  it("has a phone number whose two forms agree", () => {
    expect(`+61${siteConfig.phone.display.replace(/\s/g, "").slice(1)}`).toBe(
      siteConfig.phone.e164,
    );
  });

  it("uses a number ACMA keeps fictitious while the phone is a placeholder", () => {
    if (!isPlaceholder("phone")) return;
    expect(ACMA_FICTITIOUS_MOBILES).toContain(siteConfig.phone.display.replace(/\s/g, ""));
  });

  it("uses a BSB and account no bank issues while the bank account is a placeholder", () => {
    if (!isPlaceholder("bank")) return;
    expect(siteConfig.bank.bsb).toBe("000-000");
    expect(siteConfig.bank.accountNumber).toMatch(/^[0\s]+$/);
  });

  it("marks every detail still unknown as a placeholder, with a name and its current value", () => {
    expect(placeholders).toEqual(
      expect.arrayContaining([
        "bank",
        "phone",
        "companyNumbers",
        "links.catalogueSpreadsheet",
        "links.codeHosting",
      ]),
    );
    expect(isPlaceholder("bank")).toBe(true);
    expect(isPlaceholder("bank", [])).toBe(false);
    const inUse = placeholdersInUse();
    expect(inUse).toHaveLength(placeholders.length);
    expect(inUse).toContainEqual({
      key: "bank",
      name: "Bank account for transfers",
      value: "BSB 000-000, account 0000 0000",
    });
    // An unset PayID is listed too, so the launch check names it (issue 38).
    expect(siteConfig.bank.payId).toBe("");
    expect(inUse).toContainEqual({
      key: "payId",
      name: "PayID for instant transfers (shown beside the bank details once set)",
      value: "not set",
    });
    expect(inUse.find((entry) => entry.key === "links.catalogueSpreadsheet")?.value).toBe(
      siteConfig.links.catalogueSpreadsheet,
    );
    expect(placeholdersInUse(["phone"])).toEqual([
      { key: "phone", name: "Phone number", value: "0491 570 156" },
    ]);
  });
});
