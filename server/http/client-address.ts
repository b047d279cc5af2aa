import ipaddr from "ipaddr.js";

/** One IPv6 subscriber gets a whole /64: counting single addresses would give 2^64 counters. */
export function addressGroup(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const parsed = ipaddr.process(ip); // IPv4-mapped IPv6 becomes plain IPv4
  if (parsed.kind() === "ipv4") return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((part) => part.toString(16)).join(":")}::/64`;
}

// Fastify 5.12 reads a bare number as "trust nobody", so a hop count becomes the documented
// trust function: hop 0 is the connection's peer, the nearest `hops` are proxies.
export function trustProxyOption(
  trust: false | number | readonly string[],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === "number") return (_address, hop) => hop < trust;
  return trust === false ? false : [...trust];
}
