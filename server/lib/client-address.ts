import ipaddr from "ipaddr.js";

/**
 * The unit a per-address limit counts: the IPv4 address, or the IPv6 /64 network. One IPv6
 * subscriber is handed a whole /64, so counting single IPv6 addresses would give an attacker
 * 2^64 fresh counters.
 */
export function addressGroup(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const parsed = ipaddr.process(ip); // IPv4-mapped IPv6 becomes plain IPv4
  if (parsed.kind() === "ipv4") return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((part) => part.toString(16)).join(":")}::/64`;
}

/**
 * Fastify's `trustProxy` option for TRUST_PROXY. A list of addresses and ranges is passed as
 * is. Fastify 5.12 treats a bare number as "trust nobody" (it cannot tell a proxy from a
 * direct client), so a hop count is given as the documented trust function instead: hop 0 is
 * the peer of the connection, and the nearest `hops` of them are the proxies.
 */
export function trustProxyOption(
  trust: false | number | readonly string[],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === "number") return (_address, hop) => hop < trust;
  return trust === false ? false : [...trust];
}
