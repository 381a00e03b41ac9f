import type { ActionFunctionArgs } from "@remix-run/node";
import { createRateLimit } from "~/lib/rate-limit.server";
import { AppError, apiHandler, BODY_LIMITS, ok } from "~/lib/http.server";
import { SWEEP_LATER_WITHIN_MS, sweepLastDay } from "~/services/orders/sweep.server";
import { authenticateAdminApi } from "~/services/platform/admin-auth.server";

// Each check lists a day of orders from the platform: a couple a minute per shop is plenty for a person.
const checks = createRateLimit({ name: "order-sweep", limit: 2, windowMs: 60_000 });

/** "Check the last 24 hours now" on the log page (docs/decisions/221): the orders that never arrived are queued. */
export const action = apiHandler(
  async ({ request }: ActionFunctionArgs) => {
    const { shop } = await authenticateAdminApi(request);
    const verdict = await checks.take(shop);
    if (!verdict.allowed) {
      const retryAfter = String(verdict.retryAfterSeconds);
      throw new AppError(
        429,
        `A check ran a moment ago; try again in ${retryAfter} s`,
        "checked_recently",
        { retryAfterSeconds: verdict.retryAfterSeconds },
        { "Retry-After": retryAfter },
      );
    }
    const result = await sweepLastDay(shop);
    if (!result) throw new AppError(409, "The app is not installed on this shop", "not_installed");
    // What was checked and when the rest will be, for the merchant's words (the page's toast).
    return ok({
      listed: result.listed,
      recovered: result.recovered,
      restWithinMinutes: SWEEP_LATER_WITHIN_MS / 60_000,
    });
  },
  { maxBodyBytes: BODY_LIMITS.form },
);
