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
