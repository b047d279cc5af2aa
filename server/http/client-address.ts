import proxyAddr from "@fastify/proxy-addr";
import ipaddr from "ipaddr.js";

/** Dotted decimal without leading zeros: the form ipaddr.js writes, so it would answer it back. */
const PLAIN_IPV4 =
  /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

/** One IPv6 subscriber gets a whole /64: counting single addresses would give 2^64 counters. */
export function addressGroup(ip: string): string {
  // ipaddr.js takes microseconds per address, more than the rest of a cached answer.
  if (PLAIN_IPV4.test(ip)) return ip;
  if (!ipaddr.isValid(ip)) return ip;
  const parsed = ipaddr.process(ip); // IPv4-mapped IPv6 becomes plain IPv4
  if (parsed.kind() === "ipv4") return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((part) => part.toString(16)).join(":")}::/64`;
}

/** The proxies' addresses found trusted; a wide range (10.0.0.0/8) starts again when full. */
const MAX_KNOWN_PROXIES = 1024;

// Fastify 5.12 reads a bare number as "trust nobody", so a hop count becomes the documented
// trust function: hop 0 is the connection's peer, the nearest `hops` are proxies.
export function trustProxyOption(
  trust: false | number | readonly string[],
): false | ((address: string, hop: number) => boolean) {
  if (typeof trust === "number") return (_address, hop) => hop < trust;
  if (trust === false) return false;
  // Fastify's own matching of a list, which parses the peer's address each time request.ip is
  // read; a proxy's address is parsed once here instead.
  const trusted = proxyAddr.compile([...trust]);
  const knownProxies = new Set<string>();
  return (address, hop) => {
    if (knownProxies.has(address)) return true;
    if (!trusted(address, hop)) return false;
    if (knownProxies.size >= MAX_KNOWN_PROXIES) knownProxies.clear();
    knownProxies.add(address);
    return true;
  };
}
