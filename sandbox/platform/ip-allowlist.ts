import { isIP } from "node:net";

/**
 * The app's IP allowlist as the platform enforces it (docs/decisions/189): once on, Admin API calls with the app's
 * tokens from any other source address are refused with 403. The platform documents the status and the cause; the
 * body here is worded in the shape of its other HTTP-level refusals (`{ "errors": "[API] ..." }`).
 */
export const IP_ALLOWLIST_REFUSAL =
  "[API] This request's source IP address is not in the app's IP allowlist. Add it in the app's settings in the Dev Dashboard.";

/** Addresses and IPv4 CIDR ranges ("203.0.113.0/24"); null: enforcement off. */
export type IpAllowlist = string[] | null;

export function parseAllowlist(value: unknown): IpAllowlist {
  if (value === null || value === undefined) return null;
  if (!Array.isArray(value)) throw new Error("addresses must be a list of IP addresses or CIDR ranges, or null");
  return value.map((entry) => {
    const [address, bits] = String(entry).trim().split("/");
    const prefix = bits === undefined ? null : Number(bits);
    const valid =
      isIP(address) !== 0 &&
      (prefix === null || (isIP(address) === 4 && Number.isInteger(prefix) && prefix >= 0 && prefix <= 32));
    if (!valid) throw new Error(`not an IP address or IPv4 CIDR range: ${String(entry)}`);
    return String(entry).trim();
  });
}

export function isAllowed(allowlist: IpAllowlist, source: string): boolean {
  if (allowlist === null) return true;
  const address = source.replace(/^::ffff:/, "");
  return allowlist.some((entry) => {
    const [base, bits] = entry.split("/");
    if (bits === undefined) return base === address;
    if (isIP(address) !== 4) return false;
    const prefix = Number(bits);
    const mask = prefix === 0 ? 0 : (~0 << (32 - prefix)) >>> 0;
    return (ipv4Number(address) & mask) >>> 0 === (ipv4Number(base) & mask) >>> 0;
  });
}

function ipv4Number(address: string) {
  return address.split(".").reduce((value, part) => ((value << 8) | Number(part)) >>> 0, 0);
}
