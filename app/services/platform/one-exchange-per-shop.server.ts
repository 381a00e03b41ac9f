/**
 * One token exchange per shop and process on a first open (docs/decisions/148).
 *
 * A document request runs the layout's and the page's loaders in parallel, and each calls `authenticate.admin`.
 * With no valid offline session stored yet, the library's token-exchange strategy then asks the platform for an
 * offline token once per loader. This wraps `authenticate.admin`: while this process knows of no valid session
 * for the shop, the first request of that shop authenticates alone and the others wait for it to settle (success
 * or not) before they authenticate in turn, and then find the session it stored. Once a session is known valid,
 * requests go straight through, in parallel, with no extra work.
 */

/** The library's margin: a session expiring within 5 minutes is exchanged again (WITHIN_MILLISECONDS_OF_EXPIRY). */
export const EXPIRY_MARGIN_MS = 5 * 60 * 1000;

interface AdminContext {
  session: { shop: string; expires?: Date | null };
}

export interface OneExchangeOptions {
  /** The shop a request's session token is for, verified; undefined when it carries none that verifies. */
  shopOf: (request: Request) => Promise<string | undefined>;
  now?: () => number;
}

export function oneExchangePerShop<Context extends AdminContext>(
  authenticateAdmin: (request: Request) => Promise<Context>,
  { shopOf, now = Date.now }: OneExchangeOptions,
): (request: Request) => Promise<Context> {
  // shop -> until when its stored session is known to need no exchange (Infinity: a token that never expires).
  const validUntil = new Map<string, number>();
  // shop -> the authentication every other request of that shop waits for.
  const inFlight = new Map<string, Promise<unknown>>();

  function remember(context: Context) {
    const expires = context.session.expires ? new Date(context.session.expires).getTime() : Infinity;
    validUntil.set(context.session.shop, expires - EXPIRY_MARGIN_MS);
  }

  return async function authenticate(request: Request) {
    const shop = await shopOf(request);
    if (!shop || (validUntil.get(shop) ?? 0) > now()) {
      const context = await authenticateAdmin(request);
      remember(context);
      return context;
    }
    const pending = inFlight.get(shop);
    if (pending) {
      // The leader's failure is its own request's answer (a bounce, a retry header); this one tries for itself.
      await pending.catch(() => undefined);
      const context = await authenticateAdmin(request);
      remember(context);
      return context;
    }
    const leading = authenticateAdmin(request).then((context) => {
      remember(context);
      return context;
    });
    inFlight.set(shop, leading);
    try {
      return await leading;
    } finally {
      inFlight.delete(shop);
    }
  };
}

/** The session token a request carries, where the library reads it: the bearer header, else `id_token`. */
export function sessionTokenOf(request: Request): string | undefined {
  const bearer = request.headers.get("authorization")?.replace("Bearer ", "");
  if (bearer) return bearer;
  return new URL(request.url).searchParams.get("id_token") ?? undefined;
}
