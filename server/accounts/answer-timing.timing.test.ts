/**
 * Issue 34: what the account doors answer, and how fast, does not say who has an account.
 * A `*.timing.test.ts` file runs on its own, after the other tests (scripts/test.ts), so the
 * milliseconds measured are the code's and not those of forty other test files sharing the cores.
 */
import { describe, expect, it } from "vitest";
import {
  logIn,
  mailsTo,
  newAccount,
  post,
  signUp,
  uniqueName,
} from "#tests/server/account-helpers.ts";
import { timePairs } from "#tests/server/answer-timing.ts";
import { createTestApp, setUpTestApp } from "#tests/server/test-app.ts";

const context = setUpTestApp();

const expectAccepted = async (path: string, body: Record<string, string>) => {
  const response = await post(context.app, path, body);
  expect(response.statusCode).toBe(202);
};

describe("login timing", () => {
  it("spends as long on an unknown user as on a wrong password", async () => {
    // Costlier hashing than the other tests so the hash dominates the time measured.
    const timed = await createTestApp({ auth: { hashCost: { N: 2 ** 14, r: 8, p: 1 } } });
    try {
      const account = await signUp(timed);
      const measure = async (username: string) => {
        const times: number[] = [];
        for (let round = 0; round < 5; round += 1) {
          const started = performance.now();
          const response = await logIn(timed, username, "not the password");
          times.push(performance.now() - started);
          expect(response.statusCode).toBe(401);
        }
        return times.sort((a, b) => a - b)[2] ?? 0;
      };
      await measure(uniqueName("warmup"));
      const wrongPassword = await measure(account.username);
      const unknownUser = await measure(uniqueName("nobody"));
      expect(unknownUser).toBeGreaterThan(wrongPassword * 0.5);
      expect(unknownUser).toBeLessThan(wrongPassword * 2);
    } finally {
      await timed.close();
    }
  });
});

describe("sign-up timing", () => {
  it("answers a taken e-mail as fast as a new one: within 1 ms over 40 pairs", async () => {
    // A fresh owner per pair: a sixth e-mail to one address in an hour is not sent.
    const owners: string[] = [];
    const ask = (email: string | undefined) =>
      expectAccepted("/api/signup", { ...newAccount(), email: email ?? "" });
    const timing = await timePairs(
      () => ask(newAccount("fresh").email),
      (round) => ask(owners[round]?.toUpperCase()),
      { setUp: async () => void owners.push((await signUp(context.app)).email) },
    );
    for (const email of owners) {
      const notices = (await mailsTo(context.database.db, email)).filter(
        (mail) => mail.kind === "signup_attempt",
      );
      expect(notices).toHaveLength(1);
    }
    expect(
      Math.abs(timing.medianGap),
      `over ${timing.pairs} pairs: new ${timing.medianA.toFixed(2)} ms, taken ${timing.medianB.toFixed(2)} ms`,
    ).toBeLessThan(1);
  });
});

describe("forgotten-password timing", () => {
  it("answers an address with an account as fast as one without: within 1 ms over 40 pairs", async () => {
    // A fresh account per pair: a second request within a minute, or a sixth e-mail in an
    // hour, sends nothing, and the real path (a link made, an e-mail queued) is what is timed.
    const known: string[] = [];
    const unknown: string[] = [];
    const ask = (email: string | undefined) =>
      expectAccepted("/api/forgot-password", { email: email ?? "" });
    const timing = await timePairs(
      (round) => ask(known[round]),
      (round) => ask(unknown[round]),
      {
        setUp: async () => {
          known.push((await signUp(context.app)).email);
          unknown.push(newAccount("nobody").email);
        },
      },
    );
    // What was timed is what the feature does: every owner got a link, no stranger anything.
    for (const email of known) {
      const mails = await mailsTo(context.database.db, email);
      expect(mails.filter((mail) => mail.kind === "reset_password")).toHaveLength(1);
    }
    for (const email of unknown) expect(await mailsTo(context.database.db, email)).toHaveLength(0);
    expect(
      Math.abs(timing.medianGap),
      `over ${timing.pairs} pairs: known ${timing.medianA.toFixed(2)} ms, unknown ${timing.medianB.toFixed(2)} ms`,
    ).toBeLessThan(1);
  });
});
