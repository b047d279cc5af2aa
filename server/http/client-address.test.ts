import proxyAddr from "@fastify/proxy-addr";
import ipaddr from "ipaddr.js";
import { describe, expect, it } from "vitest";
import { addressGroup, trustProxyOption } from "./client-address.ts";

describe("addressGroup", () => {
  it("counts IPv4 addresses one by one", () => {
    expect(addressGroup("203.0.113.7")).toBe("203.0.113.7");
    expect(addressGroup("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("counts IPv6 addresses by their /64", () => {
    expect(addressGroup("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(addressGroup("2001:db8:1:2:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(addressGroup("2001:db8:1:3::1")).not.toBe(addressGroup("2001:db8:1:2::1"));
  });

  it("answers every IPv4 spelling as ipaddr.js writes it", () => {
    for (const ip of [
      "0.0.0.0",
      "10.0.0.1",
      "255.255.255.255",
      "010.0.0.1",
      "0x7f.0.0.1",
      "1.2.3",
    ]) {
      expect(addressGroup(ip)).toBe(ipaddr.process(ip).toString());
    }
    expect(addressGroup("256.1.1.1")).toBe("256.1.1.1");
    expect(addressGroup("not an address")).toBe("not an address");
  });
});

describe("trustProxyOption", () => {
  it("trusts a list's addresses as Fastify's own matching does, asked once or many times", () => {
    const list = ["127.0.0.1", "10.0.0.0/8", "fd00::/8"];
    const trust = trustProxyOption(list);
    const fastify = proxyAddr.compile(list);
    if (!trust) throw new Error("a list is trusted");
    const addresses = ["127.0.0.1", "::ffff:127.0.0.1", "10.9.8.7", "11.0.0.1", "fd00::1", "::1"];
    for (const round of [1, 2]) {
      for (const address of addresses) {
        expect(trust(address, 0), `${address}, round ${round}`).toBe(fastify(address, 0));
      }
    }
  });

  it("counts hops, or trusts nobody", () => {
    const oneProxy = trustProxyOption(1);
    if (!oneProxy) throw new Error("a hop count is trusted");
    expect(oneProxy("203.0.113.7", 0)).toBe(true);
    expect(oneProxy("10.0.0.1", 1)).toBe(false);
    expect(trustProxyOption(false)).toBe(false);
  });
});
