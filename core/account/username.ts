/** Look-alikes are one name: NFKC, unique by usernameKey, no mix of look-alike scripts. */
export function normaliseUsername(username: string): string {
  return username.normalize("NFKC");
}

/** Lower-casing can denormalise, hence NFKC again. */
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

export function mixesLookAlikeScripts(username: string): boolean {
  let found = 0;
  for (const script of LOOK_ALIKE_SCRIPTS) {
    if (script.test(username)) found += 1;
    if (found > 1) return true;
  }
  return false;
}
