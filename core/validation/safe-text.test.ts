import { describe, expect, it } from "vitest";
import { hasUnsafeCharacters, hasUnsafeTextCharacters } from "./safe-text.ts";

function everyCodePoint(property: RegExp): string[] {
  const found: string[] = [];
  for (let code = 0; code < 0x110000; code += 1) {
    if (code >= 0xd800 && code <= 0xdfff) continue;
    const character = String.fromCodePoint(code);
    if (property.test(character)) found.push(character);
  }
  return found;
}

const controls = everyCodePoint(/\p{Cc}/u);
const formats = everyCodePoint(/\p{Cf}/u);

describe("one-line fields", () => {
  it("refuses every control and format character", () => {
    expect(controls.filter((c) => !hasUnsafeCharacters(`a${c}b`))).toEqual([]);
    expect(formats.filter((c) => !hasUnsafeCharacters(`a${c}b`))).toEqual([]);
  });

  it.each([
    "\u0000",
    "\u202e",
    "\u200b",
    "\u2066",
    "\u3164",
    "\u2800",
    "\ufe0f",
    "\ud800",
    "\u2028",
  ])("refuses %j", (character) => {
    expect(hasUnsafeCharacters(`alice${character}`)).toBe(true);
  });

  it.each(["alice", "café", "Zoë O'Brien", "東京 1-2", "Ελένη", "Мария", "42 Smith St."])(
    "accepts %j",
    (value) => {
      expect(hasUnsafeCharacters(value)).toBe(false);
    },
  );
});

describe("free text", () => {
  it("refuses controls but line breaks and tabs, and every format character but the joiner", () => {
    expect(controls.filter((c) => !hasUnsafeTextCharacters(`a${c}b`))).toEqual(["\t", "\n", "\r"]);
    expect(formats.filter((c) => !hasUnsafeTextCharacters(`a${c}b`))).toEqual(["\u200d"]);
  });

  it("accepts paragraphs and emoji sequences, refuses bidi overrides", () => {
    expect(hasUnsafeTextCharacters("Hello,\r\n\tthanks ❤️ 👩‍💻")).toBe(false);
    expect(hasUnsafeTextCharacters("invoice\u202egpj.exe")).toBe(true);
    expect(hasUnsafeTextCharacters("nul\u0000")).toBe(true);
  });
});
