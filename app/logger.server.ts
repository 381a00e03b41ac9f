import pino from "pino";

/**
 * The one logger. Secrets are removed by configuration, not by discipline: any field with one of
 * these names, at the top level or one level down, is replaced before the line is written.
 */
const SECRET_FIELDS = [
  "accessToken",
  "access_token",
  "apiKey",
  "api_key",
  "token",
  "automationApiKey",
  "callbackApiKey",
  "supplierToken",
  "supplier_token",
  "password",
  "secret",
  "authorization",
  "Authorization",
  "x-access-token",
  "X-ACCESS-TOKEN",
  "x-shopify-access-token",
  "X-Shopify-Access-Token",
  "supplier-integration-key",
];

export const REDACT_PATHS = [
  ...SECRET_FIELDS,
  ...SECRET_FIELDS.map((field) => `*.${field}`),
  ...SECRET_FIELDS.map((field) => `*.*.${field}`),
];

export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
  base: undefined,
  redact: { paths: REDACT_PATHS, censor: "[redacted]" },
});

export type Logger = pino.Logger;
