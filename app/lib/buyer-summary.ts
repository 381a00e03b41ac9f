/**
 * Who bought and what, as the log, the delivery's page, the export and the order-page block show it: a few fields
 * of the stored order, kept beside the delivery (`Delivery.buyer`, docs/decisions/205) so a list never parses the
 * whole body. Customer data: it lives exactly as long as the body (the privacy redaction and the retention purge
 * erase both). Plain data and functions (no server imports): the pages format what the loaders send.
 */
export interface BuyerSummary {
  name: string | null;
  /** As the buyer typed it. */
  phone: string | null;
  /** The shipping (else billing) address's ISO country code: the calling code of a phone typed without one. */
  countryCode: string | null;
  city: string | null;
  /** The state or department as written (null on summaries from before it was kept). */
  province?: string | null;
  /** A decimal as the platform sends it ("129900.00"). */
  total: string | null;
  currency: string | null;
  /** `title` is the line as sold (with its variant); the product's own title and id where the body gave them. */
  products: { title: string; quantity: number; productTitle?: string | null; productId?: string | null }[];
}

/** Lengths past which a field is cut: a summary, never a store of whatever a body carries. */
export const BUYER_LIMITS = { text: 120, products: 10 } as const;

type Json = Record<string, unknown>;

function text(value: unknown, max: number = BUYER_LIMITS.text): string | null {
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  return trimmed ? trimmed.slice(0, max) : null;
}

function quantity(value: unknown): number {
  return typeof value === "number" && Number.isInteger(value) && value > 0 ? value : 1;
}

/**
 * The stored summary (`Delivery.buyer`, JSON) read back; null when none is kept (a body erased or past retention,
 * a record from before summaries, a body that named nobody) or when the text is not a summary.
 */
export function readBuyerSummary(stored: string | null | undefined): BuyerSummary | null {
  if (!stored) return null;
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return null;
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const json = value as Json;
  const products = Array.isArray(json.products) ? json.products : [];
  return {
    name: text(json.name),
    phone: text(json.phone),
    countryCode: text(json.countryCode, 2),
    city: text(json.city),
    province: text(json.province),
    total: text(json.total),
    currency: text(json.currency, 3),
    products: products.slice(0, BUYER_LIMITS.products).flatMap((item: unknown) => {
      const title = item && typeof item === "object" ? text((item as Json).title) : null;
      if (!title) return [];
      const line = item as Json;
      return [
        {
          title,
          quantity: quantity(line.quantity),
          productTitle: text(line.productTitle),
          productId: text(line.productId),
        },
      ];
    }),
  };
}

/**
 * Calling codes of the countries the merchants sell in, for a phone typed without one ("300 111 2233" in Colombia).
 * A phone from elsewhere typed without its code gets no WhatsApp link rather than a wrong one.
 */
const CALLING_CODES: Record<string, string> = {
  AR: "54",
  BO: "591",
  BR: "55",
  CL: "56",
  CO: "57",
  CR: "506",
  DO: "1",
  EC: "593",
  ES: "34",
  GT: "502",
  HN: "504",
  MX: "52",
  NI: "505",
  PA: "507",
  PE: "51",
  PY: "595",
  SV: "503",
  US: "1",
  UY: "598",
  VE: "58",
};

/**
 * The phone in the international digits a `https://wa.me/<digits>` link takes: as typed when it starts with `+`
 * or `00`, else with the address country's calling code before it (a leading trunk 0 dropped); null when neither
 * tells the country or the digits cannot be a phone.
 */
export function whatsappNumber(phone: string | null, countryCode: string | null): string | null {
  if (!phone) return null;
  const trimmed = phone.trim();
  let digits = trimmed.replace(/\D/g, "");
  if (trimmed.startsWith("+")) {
    // As typed.
  } else if (trimmed.startsWith("00")) {
    digits = digits.slice(2);
  } else {
    const code = countryCode ? CALLING_CODES[countryCode.toUpperCase()] : undefined;
    if (!code) return null;
    if (!digits.startsWith(code) || digits.length <= 10) digits = code + digits.replace(/^0+/, "");
  }
  return digits.length >= 8 && digits.length <= 15 ? digits : null;
}

/** The buyer's WhatsApp chat (`https://wa.me/<digits>`), or null when the phone cannot be dialled from its text. */
export function whatsappUrl(summary: Pick<BuyerSummary, "phone" | "countryCode"> | null): string | null {
  const number = summary ? whatsappNumber(summary.phone, summary.countryCode) : null;
  return number ? `https://wa.me/${number}` : null;
}
