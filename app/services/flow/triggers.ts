/**
 * The app's Shopify Flow triggers (docs/decisions/338), each declared once: its handle (the extension's folder and
 * `handle` in extensions/<handle>/shopify.extension.toml) and the fields a merchant's rule reads, by the key the
 * payload carries and the Flow type the extension declares. Every trigger carries the order (`order_reference`, sent
 * as `order_id`), so the workflow has Flow's own order object. Pure: tests hold the TOML files to this list.
 */

export type FlowFieldType = "single_line_text_field" | "multi_line_text_field" | "number_decimal" | "date_time";

const answerFields = {
  Answer: "single_line_text_field",
  "Answered at": "date_time",
  "Flow status": "single_line_text_field",
} as const satisfies Record<string, FlowFieldType>;

const parcelFields = {
  Stage: "single_line_text_field",
  "Carrier status": "single_line_text_field",
  Carrier: "single_line_text_field",
  Guide: "single_line_text_field",
  "Supplier order": "single_line_text_field",
  "Happened at": "date_time",
} as const satisfies Record<string, FlowFieldType>;

export const FLOW_TRIGGERS = {
  "buyer-confirmed": answerFields,
  "buyer-refused": answerFields,
  "buyer-no-answer": answerFields,
  "parcel-shipped": parcelFields,
  "parcel-incident": parcelFields,
  "parcel-delivered": parcelFields,
  "parcel-returned": parcelFields,
  "high-risk": { "Risk score": "number_decimal", Reasons: "multi_line_text_field" },
} as const satisfies Record<string, Record<string, FlowFieldType>>;

export type FlowTriggerHandle = keyof typeof FLOW_TRIGGERS;
export type FlowTriggerFields<Handle extends FlowTriggerHandle> = {
  [Key in keyof (typeof FLOW_TRIGGERS)[Handle]]?: (typeof FLOW_TRIGGERS)[Handle][Key] extends "number_decimal"
    ? number | null
    : (typeof FLOW_TRIGGERS)[Handle][Key] extends "date_time"
      ? Date | null
      : string | null;
};

/** The payload key of the order reference field, as Flow reads it. */
export const ORDER_REFERENCE_KEY = "order_id";

/** flowTriggerReceive refuses a payload over 50 KB (the trigger reference); ours stay far below it. */
export const MAX_TRIGGER_PAYLOAD_BYTES = 50_000;

/** Text cut to a length a rule can still compare, so no field can carry the payload past the limit. */
const TEXT_LIMITS: Partial<Record<FlowFieldType, number>> = {
  single_line_text_field: 255,
  multi_line_text_field: 5_000,
};

export const isFlowTriggerHandle = (value: string): value is FlowTriggerHandle => value in FLOW_TRIGGERS;

/**
 * The payload flowTriggerReceive is sent: the order's numeric id under `order_id` and each field by its key, typed
 * as the extension declares it (dates as ISO 8601, numbers as numbers). A field left out or null is not sent.
 */
export function triggerPayload<Handle extends FlowTriggerHandle>(
  handle: Handle,
  orderLegacyId: number,
  fields: FlowTriggerFields<Handle>,
): Record<string, unknown> {
  const declared = FLOW_TRIGGERS[handle] as Record<string, FlowFieldType>;
  const payload: Record<string, unknown> = { [ORDER_REFERENCE_KEY]: orderLegacyId };
  for (const [key, value] of Object.entries(fields as Record<string, unknown>)) {
    const type = declared[key];
    if (!type) throw new Error(`Flow trigger ${handle} has no field "${key}"`);
    if (value === null || value === undefined) continue;
    if (type === "date_time") payload[key] = (value as Date).toISOString();
    else if (type === "number_decimal") {
      if (typeof value !== "number" || !Number.isFinite(value)) throw new Error(`"${key}" must be a number`);
      payload[key] = value;
    } else payload[key] = String(value).slice(0, TEXT_LIMITS[type]);
  }
  return payload;
}
