import { AppError } from "../../lib/http.server";
import { NO_SESSION } from "./admin-auth.server";
import { getOfflineSession, type PlatformSession } from "./graphql.server";

/** The offline session the app acts with for an authenticated shop; 401 when the shop has none. */
export async function requirePlatformSession(shop: string): Promise<PlatformSession> {
  const session = await getOfflineSession(shop);
  if (!session) throw new AppError(401, NO_SESSION, "no_session");
  return session;
}
