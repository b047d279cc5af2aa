import { describe, expect, it, vi } from "vitest";
import { lazyModule } from "./lazy-module.ts";

describe("lazyModule", () => {
  it("imports once, on first load, and keeps the module", async () => {
    const importer = vi.fn(() => Promise.resolve({ answer: 42 }));
    const rules = lazyModule(importer);
    expect(importer).not.toHaveBeenCalled();
    expect(rules.current()).toBeUndefined();
    const [first, second] = await Promise.all([rules.load(), rules.load()]);
    expect(first).toBe(second);
    expect(rules.current()).toEqual({ answer: 42 });
    await rules.load();
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it("tries again after a failed download", async () => {
    const importer = vi
      .fn<() => Promise<{ ok: boolean }>>()
      .mockRejectedValueOnce(new Error("offline"))
      .mockResolvedValueOnce({ ok: true });
    const rules = lazyModule(importer);
    await expect(rules.load()).rejects.toThrow("offline");
    await expect(rules.load()).resolves.toEqual({ ok: true });
  });

  it("prefetches without an unhandled rejection when the download fails", async () => {
    const importer = vi.fn(() => Promise.reject(new Error("offline")));
    const rules = lazyModule(importer);
    rules.prefetch();
    await vi.waitFor(() => expect(importer).toHaveBeenCalledTimes(1));
    await expect(rules.load()).rejects.toThrow("offline");
    expect(importer).toHaveBeenCalledTimes(2);
  });
});
