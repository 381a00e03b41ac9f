import { Session } from "@shopify/shopify-api";
import { appConnection, statement } from "../../lib/statement.server";

/** The Session table's row as the engine gives it: SQLite's dates as their text and booleans as 0/1. */
export interface SessionRow {
  id: string;
  shop: string;
  state: string;
  isOnline: boolean | number;
  scope: string | null;
  expires: Date | string | number | null;
  accessToken: string;
  userId: bigint | number | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  accountOwner: boolean | number | null;
  locale: string | null;
  collaborator: boolean | number | null;
  emailVerified: boolean | number | null;
  refreshToken: string | null;
  refreshTokenExpires: Date | string | number | null;
}

/** One stored session, every column the platform library's rowToSession reads. */
const storedSession = statement<{ id: string }>`
    SELECT "id", "shop", "state", "isOnline", "scope", "expires", "accessToken", "userId", "firstName", "lastName",
      "email", "accountOwner", "locale", "collaborator", "emailVerified", "refreshToken", "refreshTokenExpires"
    FROM "Session" WHERE "id" = ${"id"}`;

/**
 * Clears a session's access token only while it is still `stored` (docs/decisions/187). '' is how the library's
 * Prisma storage writes a session without a token (sessionToRow), and reads it back.
 */
const clearStoredAccessToken = statement<{ id: string; stored: string }>`
    UPDATE "Session" SET "accessToken" = '' WHERE "id" = ${"id"} AND "accessToken" = ${"stored"}`;

/**
 * Reads one stored session straight from the library's table (plain SQL on the app's connection, as the order
 * path's statements are, docs/decisions/163, 182 and 240)
 * instead of through `PrismaSessionStorage.loadSession`, whose `findUnique` costs the callback more CPU in
 * Prisma's query compiler than the rest of its reads together (docs/decisions/183). The row becomes a Session
 * exactly as the library's own `rowToSession` makes it, through the library's `Session.fromPropertyArray`; the
 * library's storage still writes and deletes every session.
 */
export async function readStoredSession(id: string): Promise<Session | undefined> {
  const row = (await appConnection().query<SessionRow, { id: string }>(storedSession, { id }))[0];
  return row ? toSession(row) : undefined;
}

/**
 * Clears a session's access token if the table still holds `stored`, the value a read of it gave (a sealed
 * envelope: sealing the token again would not give the same text). The condition is in the UPDATE itself, so a
 * token any writer stores after that read (the library's token exchange takes no lease of this app's) stays
 * (docs/decisions/187). True when this call cleared it.
 */
export async function clearAccessTokenIfStored(id: string, stored: string): Promise<boolean> {
  return (await appConnection().execute(clearStoredAccessToken, { id, stored })) === 1;
}

/** @shopify/shopify-app-session-storage-prisma's rowToSession, on the engine's raw values. */
export function toSession(row: SessionRow): Session {
  const params: Record<string, string | number | boolean> = {
    id: row.id,
    shop: row.shop,
    state: row.state,
    isOnline: Boolean(row.isOnline),
    // The library turns even a null into text here; kept, so both reads give the same Session.
    userId: String(row.userId),
    firstName: String(row.firstName),
    lastName: String(row.lastName),
    email: String(row.email),
    locale: String(row.locale),
  };
  if (row.accountOwner !== null) params.accountOwner = Boolean(row.accountOwner);
  if (row.collaborator !== null) params.collaborator = Boolean(row.collaborator);
  if (row.emailVerified !== null) params.emailVerified = Boolean(row.emailVerified);
  if (row.expires) params.expires = timeOf(row.expires);
  if (row.scope) params.scope = row.scope;
  if (row.accessToken) params.accessToken = row.accessToken;
  if (row.refreshToken) params.refreshToken = row.refreshToken;
  if (row.refreshTokenExpires) params.refreshTokenExpires = timeOf(row.refreshTokenExpires);
  return Session.fromPropertyArray(Object.entries(params), true);
}

function timeOf(value: Date | string | number) {
  return value instanceof Date ? value.getTime() : new Date(value).getTime();
}
