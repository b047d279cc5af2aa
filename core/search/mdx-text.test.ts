import { describe, expect, it } from "vitest";
import { mdxToPlainText } from "./mdx-text.ts";

describe("mdxToPlainText", () => {
  it("skips the meta export, however many lines it spans, and imports", () => {
    const source = [
      'import { Thing } from "./thing";',
      "export const meta = {",
      '  title: "Events: meetup",',
      "  description:",
      '    "Monthly {braces} inside a string",',
      "};",
      "",
      "# Events",
      "",
      "Every month we meet.",
    ].join("\n");
    expect(mdxToPlainText(source)).toBe("Events Every month we meet.");
  });

  it("keeps link text and drops link targets, emphasis and list markers", () => {
    const source = [
      "## Monthly meetup",
      "",
      "- **When:** the 4th Saturday, see [our page](/events) and ![a map](/map.png).",
      "1. _Welcome_ and `code`",
      "> A quote",
    ].join("\n");
    expect(mdxToPlainText(source)).toBe(
      "Monthly meetup When: the 4th Saturday, see our page and a map. Welcome and code A quote",
    );
  });

  it("renders known components as their text, keeps children of others and drops JSX", () => {
    const source = [
      "Write to <SupportEmail /> or visit <StreetAddress/>.",
      'Join our <SiteLink to="meetup">Meetup group</SiteLink>{" "}today.',
      "<MedicalDisclaimer />",
      "{/* an editor's note */}",
      "<!-- hidden -->",
    ].join("\n");
    const text = mdxToPlainText(source, {
      SupportEmail: "help@example.com",
      StreetAddress: "1 Main St",
    });
    expect(text).toBe(
      "Write to help@example.com or visit 1 Main St . Join our Meetup group today.",
    );
  });

  it("turns tables into their cell text", () => {
    const source = ["| Item | Cost |", "| ---- | ---: |", "| Copyedit | $1,500 |"].join("\n");
    expect(mdxToPlainText(source)).toBe("Item Cost Copyedit $1,500");
  });

  it("decodes common entities and never produces markup", () => {
    const text = mdxToPlainText("Tom &amp; Jerry &lt;3 <b>bold</b> it&apos;s");
    expect(text).toBe("Tom & Jerry <3 bold it's");
  });
});
