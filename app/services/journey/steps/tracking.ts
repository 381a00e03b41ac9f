/**
 * The carrier the marketplace names, as the platform's tracking company (docs/decisions/297). A name on the
 * platform's list (FulfillmentTrackingInfo.company, Admin API 2026-10, shops in any country) is sent exactly as
 * listed: the platform then builds the tracking link itself. Of the carriers the marketplace uses in Colombia only
 * Coordinadora is on it; the others (Servientrega, Interrapidisimo, Envia, TCC, Deprisa) are sent by their usual
 * name, with the guide as the number and no link (the marketplace gives none). Pure.
 */

/** The platform's list for shops in any country, as the 2026-10 schema documents it. */
const PLATFORM_COMPANIES: readonly string[] = [
  "4PX",
  "AGS",
  "Amazon",
  "Amazon Logistics UK",
  "An Post",
  "Anjun Logistics",
  "APC",
  "Asendia USA",
  "Australia Post",
  "Bonshaw",
  "BPost",
  "BPost International",
  "Canada Post",
  "Canpar",
  "CDL Last Mile",
  "China Post",
  "Chronopost",
  "Chukou1",
  "Colissimo",
  "Comingle",
  "Coordinadora",
  "Correios",
  "Correos",
  "CTT",
  "CTT Express",
  "Cyprus Post",
  "Delnext",
  "Deutsche Post",
  "DHL eCommerce",
  "DHL eCommerce Asia",
  "DHL Express",
  "DPD",
  "DPD Local",
  "DPD UK",
  "DTD Express",
  "DX",
  "Eagle",
  "Estes",
  "Evri",
  "FedEx",
  "First Global Logistics",
  "First Line",
  "FSC",
  "Fulfilla",
  "GLS",
  "Guangdong Weisuyi Information Technology (WSE)",
  "Heppner Internationale Spedition GmbH & Co.",
  "Iceland Post",
  "IDEX",
  "Israel Post",
  "Japan Post (EN)",
  "Japan Post (JA)",
  "La Poste Colissimo",
  "La Poste Burkina Faso",
  "Lasership",
  "Latvia Post",
  "Lietuvos Paštas",
  "Logisters",
  "Lone Star Overnight",
  "M3 Logistics",
  "Meteor Space",
  "Mondial Relay",
  "New Zealand Post",
  "NinjaVan",
  "North Russia Supply Chain (Shenzhen) Co.",
  "OnTrac",
  "Packeta",
  "Pago Logistics",
  "Ping An Da Tengfei Express",
  "Pitney Bowes",
  "Portal PostNord",
  "Poste Italiane",
  "PostNL",
  "PostNord DK",
  "PostNord NO",
  "PostNord SE",
  "Purolator",
  "Qxpress",
  "Qyun Express",
  "Royal Mail",
  "Royal Shipments",
  "Sagawa (EN)",
  "Sagawa (JA)",
  "Sendle",
  "SF Express",
  "SFC Fulfillment",
  "ShipBob",
  "SHREE NANDAN COURIER",
  "Singapore Post",
  "Southwest Air Cargo",
  "StarTrack",
  "Step Forward Freight",
  "Swiss Post",
  "TForce Final Mile",
  "Tinghao",
  "TNT",
  "Toll IPEC",
  "United Delivery Service",
  "UPS",
  "USPS",
  "Venipak",
  "We Post",
  "Whistl",
  "Wizmo",
  "WMYC",
  "Xpedigo",
  "XPO Logistics",
  "Yamato (EN)",
  "Yamato (JA)",
  "YiFan Express",
  "YunExpress",
];

/** How the marketplace spells the carriers not on the platform's list, and their usual names. */
const CARRIER_NAMES: Record<string, string> = {
  SERVIENTREGA: "Servientrega",
  INTERRAPIDISIMO: "Interrapidisimo",
  "INTER RAPIDISIMO": "Interrapidisimo",
  ENVIA: "Envia",
  TCC: "TCC",
  DEPRISA: "Deprisa",
};

const keyOf = (name: string) =>
  name
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, " ")
    .trim();

const KNOWN = new Map(PLATFORM_COMPANIES.map((name) => [keyOf(name), name]));

export interface Tracking {
  number: string | null;
  company: string | null;
  url: string | null;
}

/** The fulfilment's tracking: the guide as the number, the carrier as the platform knows it, else as named. */
export function trackingOf(guide: string | null, carrier: string | null): Tracking {
  const key = carrier ? keyOf(carrier) : "";
  const company = key ? (KNOWN.get(key) ?? CARRIER_NAMES[key] ?? carrier!.trim()) : null;
  return { number: guide?.trim() || null, company, url: null };
}
