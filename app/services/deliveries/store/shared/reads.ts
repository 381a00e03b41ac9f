import { fragment, statement } from "../statement";

/*
 * What the order path reads beside its deliveries: the shop's configuration and order rules (the worker's routing
 * and screening, once per shop per claim; the callback's key lookup) and the stored session (the callback's
 * admin calls). Plain SQL for the same reason as the deliveries' statements (docs/decisions/120, 160, 183).
 */

const SETTINGS_COLUMNS = fragment`"shop", "automationApiKey", "newOrderFlowId", "abandonedCartFlowId", "supplierStoreName",
      "supplierCountry", "supplierToken", "updatedAt"`;

/** A shop's configuration. */
export const shopSettings = statement<{ shop: string }>`
    SELECT ${SETTINGS_COLUMNS}
    FROM "ShopConfiguration" WHERE "shop" = ${"shop"}`;

/** The configuration whose automation API key has this lookup hash (the unique hash index). */
export const shopSettingsByKeyHash = statement<{ hash: string }>`
      SELECT ${SETTINGS_COLUMNS}
      FROM "ShopConfiguration" WHERE "automationApiKeyHash" = ${"hash"}`;

/** A shop's order rules. */
export const orderRules = statement<{ shop: string }>`
    SELECT "noPhoneAction", "phoneCountry", "duplicateWindowMinutes", "duplicateAction", "sendingHoursOn",
      "sendingHoursFrom", "sendingHoursTo"
    FROM "OrderRules" WHERE "shop" = ${"shop"}`;

/** One stored session, every column the platform library's rowToSession reads. */
export const storedSession = statement<{ id: string }>`
    SELECT "id", "shop", "state", "isOnline", "scope", "expires", "accessToken", "userId", "firstName", "lastName",
      "email", "accountOwner", "locale", "collaborator", "emailVerified", "refreshToken", "refreshTokenExpires"
    FROM "Session" WHERE "id" = ${"id"}`;

/**
 * Clears a session's access token only while it is still `stored` (docs/decisions/187). '' is how the library's
 * Prisma storage writes a session without a token (sessionToRow), and reads it back.
 */
export const clearAccessTokenIfStored = statement<{ id: string; stored: string }>`
    UPDATE "Session" SET "accessToken" = '' WHERE "id" = ${"id"} AND "accessToken" = ${"stored"}`;
