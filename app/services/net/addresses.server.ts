import { BlockList, isIP } from "node:net";

/** Why an address must not be fetched on a user's behalf; `public` is the only kind that may be. */
export type AddressKind =
  | "public"
  | "loopback"
  | "private"
  | "link-local"
  | "unique-local"
  | "carrier-grade-nat"
  | "cloud-metadata"
  | "unspecified"
  | "multicast"
  | "reserved";

type Range = [network: string, prefix: number, family: "ipv4" | "ipv6"];

// Most specific first: the first list that holds the address names its kind.
const RANGES: [Exclude<AddressKind, "public">, Range[]][] = [
  [
    "cloud-metadata",
    [
      ["169.254.169.254", 32, "ipv4"], // AWS, GCP, Azure, OpenStack, DigitalOcean, ...
      ["169.254.170.2", 32, "ipv4"], // AWS ECS task metadata
      ["100.100.100.200", 32, "ipv4"], // Alibaba Cloud
      ["168.63.129.16", 32, "ipv4"], // Azure wire server (a public address, reachable only from inside Azure)
      ["fd00:ec2::254", 128, "ipv6"], // AWS over IPv6
    ],
  ],
  [
    "loopback",
    [
      ["127.0.0.0", 8, "ipv4"],
      ["::1", 128, "ipv6"],
    ],
  ],
  [
    "unspecified",
    [
      ["0.0.0.0", 8, "ipv4"],
      ["::", 128, "ipv6"],
    ],
  ],
  [
    "private",
    [
      ["10.0.0.0", 8, "ipv4"],
      ["172.16.0.0", 12, "ipv4"],
      ["192.168.0.0", 16, "ipv4"],
    ],
  ],
  [
    "link-local",
    [
      ["169.254.0.0", 16, "ipv4"],
      ["fe80::", 10, "ipv6"],
    ],
  ],
  ["unique-local", [["fc00::", 7, "ipv6"]]],
  ["carrier-grade-nat", [["100.64.0.0", 10, "ipv4"]]],
  [
    "multicast",
    [
      ["224.0.0.0", 4, "ipv4"],
      ["ff00::", 8, "ipv6"],
    ],
  ],
  [
    "reserved",
    [
      ["240.0.0.0", 4, "ipv4"], // includes 255.255.255.255
      ["192.0.0.0", 24, "ipv4"],
      ["192.0.2.0", 24, "ipv4"],
      ["198.18.0.0", 15, "ipv4"],
      ["198.51.100.0", 24, "ipv4"],
      ["203.0.113.0", 24, "ipv4"],
      ["100::", 64, "ipv6"], // discard-only
      ["2001:db8::", 32, "ipv6"],
      // Prefixes that embed an IPv4 address (NAT64, 6to4, Teredo) could smuggle a private one: refused whole.
      ["64:ff9b::", 96, "ipv6"],
      ["64:ff9b:1::", 48, "ipv6"],
      ["2002::", 16, "ipv6"],
      ["2001::", 32, "ipv6"],
    ],
  ],
];

const LISTS = RANGES.map(([kind, ranges]) => {
  const list = new BlockList();
  for (const [network, prefix, family] of ranges) list.addSubnet(network, prefix, family);
  return [kind, list] as const;
});

// Only global unicast IPv6 (2000::/3) is routed on the internet. Outside it, beyond the ranges named above,
// lie forms some stacks still route to IPv4 or the local network: IPv4-compatible `::127.0.0.1`,
// IPv4-translated `::ffff:0:127.0.0.1`, site-local `fec0::/10`. IPv4-mapped `::ffff:0:0/96` is classified by
// the IPv4 address it carries.
const ROUTABLE_IPV6 = new BlockList();
ROUTABLE_IPV6.addSubnet("2000::", 3, "ipv6");
ROUTABLE_IPV6.addSubnet("::ffff:0:0", 96, "ipv6");

/**
 * Classifies an IP address. IPv4-mapped IPv6 addresses (`::ffff:127.0.0.1`) are classified by the
 * IPv4 address they carry (BlockList matches them against the IPv4 ranges).
 */
export function classifyAddress(address: string): AddressKind {
  const family = isIP(address);
  if (family === 0) throw new TypeError(`not an IP address: ${address}`);
  const type = family === 4 ? "ipv4" : "ipv6";
  for (const [kind, list] of LISTS) if (list.check(address, type)) return kind;
  if (type === "ipv6" && !ROUTABLE_IPV6.check(address, "ipv6")) return "reserved";
  return "public";
}

/** Loopback is the one kind an explicit setting may open (tests and the local sandbox); the rest never. */
export function isAllowedAddress(address: string, options: { allowLoopback: boolean }): boolean {
  const kind = classifyAddress(address);
  return kind === "public" || (kind === "loopback" && options.allowLoopback);
}

export function describeKind(kind: AddressKind): string {
  return {
    public: "a public address",
    loopback: "a loopback address",
    private: "a private network address",
    "link-local": "a link-local address",
    "unique-local": "a unique-local address",
    "carrier-grade-nat": "a carrier-grade NAT address",
    "cloud-metadata": "a cloud metadata address",
    unspecified: "an unspecified address",
    multicast: "a multicast address",
    reserved: "a reserved address",
  }[kind];
}
