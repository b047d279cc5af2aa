import { afterEach, describe, expect, it, vi } from "vitest";
import { answerFetch } from "#tests/app/fake-fetch.ts";
import { endServerSession } from "./end-server-session.ts";

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe("endServerSession", () => {
  it("posts the token to /api/logout", async () => {
    const fetch = answerFetch(200, { ok: true });
    await endServerSession("member.token");
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe("/api/logout");
    expect(init?.method).toBe("POST");
    expect(init?.headers).toMatchObject({ authorization: "Bearer member.token" });
  });

  it("ignores a refusal or an unreachable server", async () => {
    answerFetch(401, { error: { code: "unauthorized", message: "x" } });
    await expect(endServerSession("old.token")).resolves.toBeUndefined();
    vi.restoreAllMocks();
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("Failed to fetch"));
    await expect(endServerSession("old.token")).resolves.toBeUndefined();
  });

  it("gives up on a server that does not answer in time", async () => {
    vi.useFakeTimers();
    vi.spyOn(globalThis, "fetch").mockImplementation(
      (_input, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener("abort", () => reject(new DOMException("", "AbortError")));
        }),
    );
    const done = endServerSession("member.token", 2000);
    await vi.advanceTimersByTimeAsync(2000);
    await expect(done).resolves.toBeUndefined();
  });
});
