import { AppError } from "../../lib/http.server";

/** A failure the platform reported: its error codes (THROTTLED, ACCESS_DENIED, ...) travel with it. */
export class PlatformApiError extends AppError {
  constructor(
    status: number,
    message: string,
    readonly codes: string[] = [],
  ) {
    super(status, message, codes[0] ?? "platform_error");
    this.name = "PlatformApiError";
  }
}

/** The platform refused the stored token (revoked before its expiry): the next embedded open exchanges a new one. */
export const TOKEN_REFUSED =
  "The platform refused the shop's access token; open the app from the store's admin to reconnect it";

/** What every call for a shop whose token was refused fails with, the first refusal and those after it alike. */
export function tokenRefused() {
  return new PlatformApiError(502, TOKEN_REFUSED, ["UNAUTHORIZED"]);
}
