import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, siteUrlNotice } from "./config.ts";

describe("loadConfig", () => {
  it("uses defaults for an empty environment", () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe("./var");
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.TRUST_PROXY).toBe(false);
    // A shared address may hold more unpaid orders than one buyer (issue 34).
    expect(config.MAX_UNPAID_ORDERS_PER_BUYER).toBe(3);
    expect(config.MAX_UNPAID_ORDERS_PER_NETWORK).toBe(10);
  });

  it("reads PORT, HOST and DATA_DIR", () => {
    const config = loadConfig({ PORT: "8080", HOST: "127.0.0.1", DATA_DIR: "/tmp/x" });
    expect(config).toMatchObject({ PORT: 8080, HOST: "127.0.0.1", dataDir: "/tmp/x" });
  });

  it("logs at info, in the background, unless told otherwise", () => {
    expect(loadConfig({})).toMatchObject({ LOG_LEVEL: "info", LOG_SYNC: false });
    expect(loadConfig({ LOG_SYNC: "true" }).LOG_SYNC).toBe(true);
    expect(() => loadConfig({ LOG_SYNC: "yes" })).toThrow(/LOG_SYNC: must be true or false/);
  });

  it("reads MAIL_FROM once into a name and one address", () => {
    expect(loadConfig({}).MAIL_FROM).toEqual({
      name: "Kybernetes",
      address: "orders@kybernetes.com.au",
    });
    expect(loadConfig({ MAIL_FROM: "shop@example.com" }).MAIL_FROM).toEqual({
      name: "",
      address: "shop@example.com",
    });
  });

  it("treats empty values as unset", () => {
    expect(loadConfig({ PORT: "", DATABASE_URL: " " }).PORT).toBe(3000);
  });

  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ TRUST_PROXY: "maybe" }, "TRUST_PROXY"],
    [{ SMTP_URL: "http://mail" }, "SMTP_URL"],
    [{ SHOP_NOTIFY_EMAIL: "shop" }, "SHOP_NOTIFY_EMAIL"],
    [{ SHOP_NOTIFY_EMAIL: "orders@shop.example,attacker@evil.example" }, "SHOP_NOTIFY_EMAIL"],
    [{ MAIL_FROM: "Shop <a@shop.example>, Other <b@evil.example>" }, "MAIL_FROM"],
    [{ MAIL_FROM: "Shop <not an address>" }, "MAIL_FROM"],
    [{ GUEST_HOLD_HOURS: "200", ORDER_EXPIRY_DAYS: "7" }, "GUEST_HOLD_HOURS"],
    [{ DATABASE_OWNER_URL: "postgres://owner@db/shop" }, "DATABASE_OWNER_URL"],
    [{ REQUEST_TIMEOUT_MS: "10" }, "REQUEST_TIMEOUT_MS"],
    [{ ORDER_REMINDER_DAYS: "5", ORDER_EXPIRY_DAYS: "4" }, "ORDER_EXPIRY_DAYS"],
    [{ MAX_UNPAID_ORDERS_PER_BUYER: "5", MAX_UNPAID_ORDERS_PER_NETWORK: "4" }, "PER_NETWORK"],
    [{ SITE_URL: "kybernetes.com.au" }, "SITE_URL"],
  ])("rejects %o naming %s", (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });

  describe("TRUST_PROXY", () => {
    const trust = (value: string) => loadConfig({ TRUST_PROXY: value }).TRUST_PROXY;

    it("trusts nobody when unset, false or 0", () => {
      expect(loadConfig({}).TRUST_PROXY).toBe(false);
      expect(trust("false")).toBe(false);
      expect(trust("0")).toBe(false);
    });

    it("reads a hop count: the number of proxies in front of the server", () => {
      expect(trust("1")).toBe(1);
      expect(trust("2")).toBe(2);
      expect(() => trust("50")).toThrow(/TRUST_PROXY: a hop count must be at most 10/);
    });

    it("reads a list of proxy addresses and CIDR ranges, IPv4 and IPv6", () => {
      expect(trust("127.0.0.1,10.0.0.0/8")).toEqual(["127.0.0.1", "10.0.0.0/8"]);
      expect(trust(" 192.168.1.1 , fd00::/8, ::1 ")).toEqual(["192.168.1.1", "fd00::/8", "::1"]);
    });

    it("refuses true, saying why and what to set instead", () => {
      for (const value of ["true", "TRUE", "yes"]) {
        expect(() => trust(value)).toThrow(ConfigError);
        expect(() => trust(value)).toThrow(/TRUST_PROXY: .*left-most X-Forwarded-For/);
        expect(() => trust(value)).toThrow(/TRUST_PROXY=1 behind one reverse proxy/);
      }
    });

    it.each([
      "10.0.0.0/33",
      "fd00::/129",
      "10.1",
      "10.0.0.0/8,,127.0.0.1",
      "proxy.local",
      "1.2.3.4/x",
    ])("refuses %s as a proxy address", (value) => {
      expect(() => trust(value)).toThrow(ConfigError);
      expect(() => trust(value)).toThrow(/TRUST_PROXY: must be false, a hop count, or .*CIDR/);
    });
  });

  it("requires a long AUTH_SECRET", () => {
    expect(() => loadConfig({ AUTH_SECRET: "too-short" })).toThrow("AUTH_SECRET");
    expect(loadConfig({ AUTH_SECRET: "x".repeat(32) }).AUTH_SECRET).toHaveLength(32);
  });

  it("refuses production on PostgreSQL without AUTH_SECRET", () => {
    const production = { NODE_ENV: "production", DATABASE_URL: "postgres://db/app" };
    expect(() => loadConfig(production)).toThrow(/AUTH_SECRET: is required/);
    expect(loadConfig({ ...production, AUTH_SECRET: "y".repeat(40) }).NODE_ENV).toBe("production");
    // The embedded database is one instance: a generated secret in DATA_DIR is enough.
    expect(loadConfig({ NODE_ENV: "production" }).AUTH_SECRET).toBeUndefined();
  });

  it("gives order e-mails the site's address without a trailing slash", () => {
    expect(loadConfig({ SITE_URL: "https://shop.example/" }).siteUrl).toBe("https://shop.example");
    expect(siteUrlNotice(loadConfig({ SITE_URL: "https://shop.example" }))).toBeUndefined();
  });

  it("points links at where the server listens without SITE_URL, in production too", () => {
    // Never the production domain: a laptop's e-mailed links must open on the laptop (issue 34).
    expect(loadConfig({}).siteUrl).toBe("http://localhost:3000");
    expect(loadConfig({ PORT: "8080", NODE_ENV: "production" }).siteUrl).toBe(
      "http://localhost:8080",
    );
    expect(loadConfig({ HOST: "::", PORT: "4000" }).siteUrl).toBe("http://localhost:4000");
    expect(loadConfig({ HOST: "127.0.0.1" }).siteUrl).toBe("http://127.0.0.1:3000");
    expect(loadConfig({ HOST: "192.168.1.20", PORT: "80" }).siteUrl).toBe("http://192.168.1.20:80");
    expect(loadConfig({ HOST: "::1" }).siteUrl).toBe("http://[::1]:3000");
    expect(siteUrlNotice(loadConfig({ PORT: "8080" }))).toMatch(
      /^SITE_URL is not set: links in e-mails .* point at http:\/\/localhost:8080, this machine/,
    );
  });
});
