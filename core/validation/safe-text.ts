// Characters nobody means to type: they hide or reorder text or break storage, so fields refuse
// them. One class, so a test is linear; single code points on purpose, not combined characters.
const UNSAFE_IN_LINE =
  // eslint-disable-next-line no-misleading-character-class -- single code points, see above
  /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Zl}\p{Zp}\u034F\u115F\u1160\u17B4\u17B5\u180B-\u180F\u2800\u3164\uFE00-\uFE0F\uFFA0\u{E0100}-\u{E01EF}]/u;

/** Free text also allows line breaks, tabs, and the joiner and selectors emoji are made of. */
const UNSAFE_IN_TEXT =
  // eslint-disable-next-line no-control-regex, no-misleading-character-class -- see above
  /[\0-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F\xAD\u0600-\u0605\u061C\u06DD\u070F\u0890\u0891\u08E2\u180E\u200B\u200C\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\uFFF9-\uFFFB\p{Cs}\p{Co}\p{Zl}\p{Zp}\u034F\u115F\u1160\u17B4\u17B5\u2800\u3164\uFFA0\u{110BD}\u{110CD}\u{13430}-\u{1343F}\u{1BCA0}-\u{1BCA3}\u{1D173}-\u{1D17A}\u{E0001}\u{E0020}-\u{E007F}]/u;

export function hasUnsafeCharacters(value: string): boolean {
  return UNSAFE_IN_LINE.test(value);
}

export function hasUnsafeTextCharacters(value: string): boolean {
  return UNSAFE_IN_TEXT.test(value);
}

export function unsafeCharactersMessage(label: string): string {
  return `${label} contains invisible or control characters. Please retype it.`;
}
