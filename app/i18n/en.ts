import { core } from "./en/core";
import { errors } from "./en/errors";
import { settings } from "./en/settings";
import { deliveries } from "./en/deliveries";
import { home } from "./en/home";
import { insights } from "./en/insights";
import { products } from "./en/products";
import { stock } from "./en/stock";
import { journey } from "./en/journey";
import { incidents } from "./en/incidents";
import { polling } from "./en/polling";
import { storeActions } from "./en/store-actions";
import { risk } from "./en/risk";
import { outcomes } from "./en/outcomes";
import { period } from "./en/period";

/**
 * English strings: the fallback language and the reference set of keys. Every other language must
 * provide exactly these keys (checked by the type of `es.ts` and by tests/i18n/messages.test.ts).
 * `{name}` placeholders are filled by `t(key, { name })`.
 */
export const en = {
  ...core,
  ...errors,
  ...settings,
  ...deliveries,
  ...home,
  ...insights,
  ...products,
  ...stock,
  ...journey,
  ...incidents,
  ...polling,
  ...storeActions,
  ...risk,
  ...outcomes,
  ...period,
} as const;

export type MessageKey = keyof typeof en;
export type Messages = Record<MessageKey, string>;
