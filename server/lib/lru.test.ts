import { describe, expect, it } from "vitest";
import { Lru } from "./lru.ts";

describe("Lru", () => {
  it("keeps at most its capacity, dropping the least recently used", () => {
    const cache = new Lru<string, number>(2);
    cache.set("a", 1);
    cache.set("b", 2);
    expect(cache.get("a")).toBe(1); // a is now the most recent
    cache.set("c", 3);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBe(1);
    expect(cache.get("c")).toBe(3);
    expect(cache.size).toBe(2);
  });

  it("keeps the order when the most recent entry is read again", () => {
    const cache = new Lru<string, number>(2);
    cache.set("a", 1);
    cache.set("b", 2);
    expect(cache.get("b")).toBe(2);
    expect(cache.get("b")).toBe(2);
    cache.set("c", 3);
    expect(cache.get("a")).toBeUndefined();
    expect(cache.get("b")).toBe(2);
    cache.clear();
    cache.set("d", 4);
    expect(cache.get("d")).toBe(4);
    expect(cache.size).toBe(1);
  });

  it("replaces a value without growing", () => {
    const cache = new Lru<string, number>(2);
    cache.set("a", 1);
    cache.set("a", 2);
    expect(cache.get("a")).toBe(2);
    expect(cache.size).toBe(1);
  });
});
