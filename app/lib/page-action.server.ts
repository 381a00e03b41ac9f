import { data, type ActionFunctionArgs } from "@remix-run/node";
import { authenticate } from "../shopify.server";
import { AppError, describeFailure, errorResponse } from "./http.server";
import { readFields } from "./input.server";

export interface PageActionContext {
  shop: string;
  /** The form's fields (the body read up to a form's limit, docs/decisions/073). */
  fields: Record<string, string>;
  args: ActionFunctionArgs;
}

type Handler = (context: PageActionContext) => Promise<Record<string, unknown>>;

/**
 * A page's action (docs/decisions/135): the form names what it does in `intent`, and each intent calls the same
 * service as the JSON route that does the same. A success answers `{ ok: true, intent, ...result }`; an expected
 * failure (AppError) answers the JSON routes' failure body (`error`, `code`, `field`, `index`) with their status,
 * plus `ok: false` and the intent, so the page words it the same way (by code, on its field). Anything else is
 * logged and a 500, as in the JSON routes. A failure is `data()` with its status, so Remix (single fetch) hands it to
 * the page as the action's data, not as a route error, and does not reload the page's loaders for nothing.
 */
export function pageAction(handlers: Record<string, Handler>) {
  return async (args: ActionFunctionArgs) => {
    const { session } = await authenticate.admin(args.request);
    let intent: string | null = null;
    try {
      const fields = await readFields(args.request);
      intent = fields.intent ?? null;
      const handler = intent ? handlers[intent] : undefined;
      if (!handler || !Object.hasOwn(handlers, intent!)) {
        throw new AppError(400, `intent: must be one of ${Object.keys(handlers).join(", ")}`, "invalid_input");
      }
      return data({ ok: true, intent, ...(await handler({ shop: session.shop, fields, args })) } as Record<
        string,
        unknown
      >);
    } catch (error) {
      if (error instanceof Response) throw error;
      if (error instanceof AppError) {
        return data(
          { ok: false, intent, error: error.message, ...describeFailure(error), ...error.extra } as Record<
            string,
            unknown
          >,
          { status: error.status },
        );
      }
      const response = errorResponse(error, { method: args.request.method, path: new URL(args.request.url).pathname });
      return data({ ok: false, intent, ...(await response.json()) } as Record<string, unknown>, {
        status: response.status,
      });
    }
  };
}

/**
 * A loader's expected failure (an AppError, such as the JSON route's 404 for another shop's delivery) as page data
 * with the JSON routes' failure body under `failure` and their status, for the page to word by code; anything else
 * is thrown on (the route's error boundary).
 */
export function loaderFailure<T extends Record<string, unknown>>(error: unknown, empty: T) {
  if (!(error instanceof AppError)) throw error;
  const failure = { error: error.message, ...describeFailure(error), ...error.extra } as {
    error: string;
    code: string;
  } & Record<string, unknown>;
  return data({ ...empty, failure }, { status: error.status });
}
