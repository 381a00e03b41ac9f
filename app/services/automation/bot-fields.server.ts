import { env } from "../../env.server";
import { AppError } from "../../lib/http.server";
import { logger } from "../../logger.server";
import { realSleep } from "../platform/graphql.server";

const TIMEOUT_MS = 10_000;
const MAX_ATTEMPTS = 2;
const RETRY_DELAY_MS = 300;

export interface BotFieldOptions {
  /** Waits between attempts; tests pass one that does not sleep. */
  sleep?: (ms: number) => Promise<void>;
}

export function botFieldUrl(fieldId: string) {
  return `${env().AUTOMATION_API_URL}/api/accounts/bot_fields/${encodeURIComponent(fieldId)}`;
}

/**
 * Stores a value in one of the automation platform's bot fields (the chatbot reads the supplier
 * token from there). Setting a field is idempotent, so a network error or a 5xx is tried once more.
 * Failures are AppErrors whose message says the value was not stored, never containing the value.
 */
export async function setBotField(
  apiKey: string,
  fieldId: string,
  value: string,
  options: BotFieldOptions = {},
): Promise<void> {
  const sleep = options.sleep ?? realSleep;
  const log = logger.child({ system: "automation", fieldId });

  for (let attempt = 1; ; attempt++) {
    const last = attempt >= MAX_ATTEMPTS;
    let response: Response;
    try {
      response = await fetch(botFieldUrl(fieldId), {
        method: "POST",
        headers: {
          "X-ACCESS-TOKEN": apiKey,
          "Content-Type": "application/x-www-form-urlencoded",
          Accept: "application/json",
        },
        body: new URLSearchParams({ value }).toString(),
        // A redirect would carry the secret header to wherever it points.
        redirect: "manual",
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      log.warn({ attempt, err: error instanceof Error ? error.message : String(error) }, "bot field call failed");
      if (last) throw new AppError(502, "The automation platform did not answer; the supplier token was not saved");
      await sleep(RETRY_DELAY_MS);
      continue;
    }

    if (response.ok) return;
    log.warn({ attempt, status: response.status }, "automation platform refused the bot field");
    if (response.status >= 500 && !last) {
      await sleep(RETRY_DELAY_MS);
      continue;
    }
    if (response.status === 401 || response.status === 403) {
      throw new AppError(
        400,
        "The automation platform refused the stored API key; nothing was saved. Save a valid automation API key first",
        "automation_key_refused",
      );
    }
    if (response.status >= 500) {
      throw new AppError(
        502,
        `The automation platform failed (HTTP ${response.status}); the supplier token was not saved`,
        "automation_unavailable",
      );
    }
    throw new AppError(
      400,
      `The automation platform refused the supplier token (HTTP ${response.status}); nothing was saved`,
      "bot_field_refused",
    );
  }
}
