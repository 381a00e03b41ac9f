import type { Messages } from "./en";
import { core } from "./es/core";
import { errors } from "./es/errors";
import { settings } from "./es/settings";
import { deliveries } from "./es/deliveries";
import { home } from "./es/home";
import { insights } from "./es/insights";
import { products } from "./es/products";
import { stock } from "./es/stock";
import { journey } from "./es/journey";
import { incidents } from "./es/incidents";
import { polling } from "./es/polling";
import { storeActions } from "./es/store-actions";
import { risk } from "./es/risk";
import { outcomes } from "./es/outcomes";
import { period } from "./es/period";

/** Spanish (neutral Latin American): most merchants of the app read the admin in Spanish. */
export const es: Messages = {
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
};
