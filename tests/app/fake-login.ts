/**
 * A login token the app can read (its payload names the user and an expiry far ahead) but no
 * server would accept: for component tests, whose API answers are faked anyway.
 */
export function fakeLoginToken(username: string): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, "");
  return `${part({ alg: "HS256" })}.${part({ username, exp: 4_000_000_000 })}.signature`;
}
