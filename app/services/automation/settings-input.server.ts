import { z } from "zod";

// An empty flow id clears it (null); an absent one keeps what is stored (undefined).
const flowId = z
  .string()
  .trim()
  .max(100, "must be at most 100 characters")
  .optional()
  .transform((value) => (value === undefined ? undefined : value || null));

/** What saving the automation settings takes, from the JSON route and from the settings page's action alike. */
export const automationSettingsInput = z.object({
  apiKey: z
    .string()
    .trim()
    .max(500, "must be at most 500 characters")
    // The key travels in an HTTP header: anything but visible ASCII (invalid UTF-8 arrives as U+FFFD) cannot.
    .regex(/^[\x21-\x7e]*$/, "must be visible ASCII characters without spaces")
    .optional()
    .transform((value) => value || undefined),
  newOrderFlowId: flowId,
  abandonedCartFlowId: flowId,
});

/** A key the merchant typed, to be tested without saving it. */
export const automationKeyTestInput = z.object({
  apiKey: z.string({ required_error: "is required" }).trim().min(1, "is required").max(500, "is too long"),
});
