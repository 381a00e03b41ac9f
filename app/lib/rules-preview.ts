/** What the order rules' preview answers (app/services/orders/rules-preview.server.ts), for the page too. */
export interface RulesPreview {
  /** The first instant counted: the shop's local midnight 29 days before today. */
  since: string;
  orders: number;
  /** More orders than PREVIEW_MAX_ORDERS: the newest that many were counted. */
  capped: boolean;
  noMobile: number;
  duplicates: number;
  outsideHours: number;
  blockedPhones: number;
}
