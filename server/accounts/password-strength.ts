import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as english from "@zxcvbn-ts/language-en";

/**
 * zxcvbn's score 3: "safely unguessable" (under 10^10 guesses is score 2 or less), which turns
 * away `12345678`, `password`, keyboard walks, dictionary words with the usual substitutions
 * and the account's own username or e-mail.
 */
const MIN_SCORE = 3;

/** Words of this site that a targeted guess would start with. */
const SITE_WORDS = ["kybernetes", "cyberware", "cyborg"];

const zxcvbn = new ZxcvbnFactory({
  translations: english.translations,
  graphs: common.adjacencyGraphs,
  dictionary: { ...common.dictionary, ...english.dictionary },
});

/**
 * Why a password is too weak, as one sentence for the field, or undefined when it is strong
 * enough. `context` holds what an attacker would try first: the username and the e-mail
 * (its local part and domain words too).
 */
export function passwordWeakness(password: string, context: string[]): string | undefined {
  const words = [...SITE_WORDS, ...context]
    .flatMap((value) => [value, ...value.split(/[@.+_-]/)])
    .filter((word) => word.length >= 3);
  const result = zxcvbn.check(password, words);
  if (result.score >= MIN_SCORE) return undefined;
  const personal = result.sequence.some(
    (match) => "dictionaryName" in match && match.dictionaryName === "userInputs",
  );
  const warning = result.feedback.warning?.trim();
  const reason = personal
    ? "It contains your username, your e-mail address or the shop's name."
    : warning
      ? warning.replace(/\.?$/, ".")
      : "It would be easy to guess.";
  return `Choose a stronger password. ${reason} Try a few unrelated words or a longer phrase.`;
}
