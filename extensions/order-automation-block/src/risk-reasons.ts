/** The score's reason codes this block has words for (locales/*.json "risk.reason"; the app's own are agreed by test). */
export const KNOWN_REASONS = new Set([
  "phone_returned",
  "phone_refused",
  "phone_no_answer",
  "address_returned",
  "address_refused",
  "delivered_before",
  "city_return_rate",
  "product_return_rate",
  "possible_duplicate",
  "phone_not_mobile",
  "phone_missing",
  "first_order",
]);
