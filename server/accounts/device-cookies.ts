import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * OWASP's "Slow Down Online Guessing Attacks with Device Cookies" (issue 23). The cookie names no
 * account: each entry is a random id and an HMAC over the account's username key and that id,
 * so only a login for that account recognises it. A few entries per browser (a family computer).
 */
export const DEVICE_COOKIE = "kb_device";
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const MAX_ENTRIES = 5;

/** HttpOnly and same-site only, for the whole site; Secure whenever the request came over HTTPS. */
export function deviceCookieOptions(protocol: string) {
  return {
    httpOnly: true,
    sameSite: "strict",
    secure: protocol === "https",
    path: "/",
    maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
  } as const;
}
const ENTRY = /^([\w-]{22})\.([\w-]{43})$/;

export function createDeviceCookies(secret: string) {
  // A key of its own, so a device cookie can never be confused with any other signature.
  const key = createHmac("sha256", secret).update("kybernetes device cookie v1").digest();
  const sign = (account: string, device: string) =>
    createHmac("sha256", key).update(`${account}\n${device}`).digest("base64url");

  const entries = (cookie: string | undefined) =>
    (cookie ?? "")
      .split("~")
      .slice(0, MAX_ENTRIES)
      .map((entry) => ENTRY.exec(entry))
      .filter((match): match is RegExpExecArray => match !== null)
      .map(([entry, device, signature]) => ({
        entry: entry as string,
        device: device as string,
        signature: signature as string,
      }));

  const belongsTo = (account: string, device: string, signature: string) => {
    const expected = Buffer.from(sign(account, device));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  };

  return {
    /** The device id this browser holds for `account` (its username key), if genuine. */
    trustedDevice(cookie: string | undefined, account: string): string | undefined {
      return entries(cookie).find(({ device, signature }) => belongsTo(account, device, signature))
        ?.device;
    },
    /** The cookie's new value after a successful login to `account`: its entry first. */
    issue(cookie: string | undefined, account: string): string {
      const others = entries(cookie)
        .filter(({ device, signature }) => !belongsTo(account, device, signature))
        .map(({ entry }) => entry);
      const device = randomBytes(16).toString("base64url");
      return [`${device}.${sign(account, device)}`, ...others].slice(0, MAX_ENTRIES).join("~");
    },
  };
}
