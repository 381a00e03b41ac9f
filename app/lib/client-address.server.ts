/**
 * The address a request came from, as the proxies in front of the app saw it (docs/decisions/092). Remix hands
 * the app a Request without its socket, and every host for a public app (a load balancer, a platform router, the
 * sandbox's server) appends the peer address to X-Forwarded-For. Entries a client wrote itself come first, so
 * only the entry `trustedHops` from the right is believable; with 0 hops nothing in the header is, and every
 * request shares one address ("unknown"), which still limits a flood, only for everyone at once.
 */
export function clientAddress(request: Request, trustedHops: number): string {
  return addressFromForwardedFor(request.headers.get("X-Forwarded-For"), trustedHops);
}

/** The same, from the X-Forwarded-For header's value (a server that answers before any Request is made). */
export function addressFromForwardedFor(forwardedFor: string | null, trustedHops: number): string {
  if (trustedHops < 1) return "unknown";
  const entries = (forwardedFor ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const address = entries[entries.length - trustedHops] ?? entries[0];
  return address && /^[0-9a-fA-F:.[\]]{2,64}$/.test(address) ? address.replace(/^::ffff:/, "") : "unknown";
}
