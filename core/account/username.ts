/**
 * Usernames that look alike are the same username. They are stored NFKC-normalised (so `café`
 * typed with a combining accent and with a precomposed é are one name, and full-width letters
 * become plain ones), compared case-insensitively through `usernameKey`, and may not mix the
 * scripts whose letters look alike (so `аlice` with a Cyrillic а is refused next to `alice`).
 */
export function normaliseUsername(username: string): string {
  return username.normalize("NFKC");
}

/** What usernames are unique by: NFKC, then lower case, then NFKC again (lower-casing can denormalise). */
export function usernameKey(username: string): string {
  return normaliseUsername(username).toLowerCase().normalize("NFKC");
}

/** Scripts with letters that pass for each other (UTS #39 confusables are mostly among these). */
const LOOK_ALIKE_SCRIPTS = [
  /\p{Script=Latin}/u,
  /\p{Script=Cyrillic}/u,
  /\p{Script=Greek}/u,
  /\p{Script=Armenian}/u,
  /\p{Script=Cherokee}/u,
  /\p{Script=Coptic}/u,
];

/** True when the name's letters come from more than one of the look-alike scripts. */
export function mixesLookAlikeScripts(username: string): boolean {
  let found = 0;
  for (const script of LOOK_ALIKE_SCRIPTS) {
    if (script.test(username)) found += 1;
    if (found > 1) return true;
  }
  return false;
}
