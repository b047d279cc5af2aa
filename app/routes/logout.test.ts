import { afterEach, describe, expect, it, vi } from "vitest";
import { answerFetch } from "#tests/app/fake-fetch.ts";
import { clientLoader } from "./logout.tsx";

afterEach(() => {
  vi.restoreAllMocks();
});

/** A token the browser would still use: readable, expiring in an hour. */
function liveToken() {
  const payload = btoa(JSON.stringify({ username: "ada", exp: Date.now() / 1000 + 3600 }));
  return `h.${payload.replace(/=+$/, "")}.s`;
}

describe("/logout", () => {
  it("ends the session on the server, then forgets the token and goes home", async () => {
    const token = liveToken();
    localStorage.setItem("authToken", token);
    const fetch = answerFetch(200, { ok: true });
    const response = await clientLoader();
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe("/api/logout");
    expect(init?.headers).toMatchObject({ authorization: `Bearer ${token}` });
    expect(localStorage.getItem("authToken")).toBeNull();
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/?notice=logged-out");
  });

  it("logs out in the browser even when the server refuses", async () => {
    localStorage.setItem("authToken", liveToken());
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("Failed to fetch"));
    const response = await clientLoader();
    expect(localStorage.getItem("authToken")).toBeNull();
    expect(response.headers.get("location")).toBe("/?notice=logged-out");
  });

  it("asks nothing of the server for an expired token, or none", async () => {
    const fetch = answerFetch(200, { ok: true });
    const expired = `h.${btoa(JSON.stringify({ username: "ada", exp: 1 })).replace(/=+$/, "")}.s`;
    localStorage.setItem("authToken", expired);
    await clientLoader();
    await clientLoader();
    expect(fetch).not.toHaveBeenCalled();
    expect(localStorage.getItem("authToken")).toBeNull();
  });
});
