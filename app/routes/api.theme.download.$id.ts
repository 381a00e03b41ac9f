import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiHandler, failure } from "../lib/http.server";
import { findServableThemeFile } from "../services/theme/temporary-files.server";

export const NOT_FOUND = "Theme file not found or expired";

// No authentication: the platform's servers fetch this. The 256-bit id and the 5-minute life guard it.
export const loader = apiHandler(async ({ params }: LoaderFunctionArgs) => {
  const data = await findServableThemeFile(params.id ?? "");
  if (!data) return failure(404, NOT_FOUND, {}, { "Cache-Control": "no-store" });
  // Served without a copy: the bytes are the driver's Buffer or what the SQLite thread sent, never shared memory.
  return new Response(data as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": "attachment; filename=automation-theme-2.5.zip",
      "Content-Length": String(data.byteLength),
      "Cache-Control": "no-cache, no-store, must-revalidate",
      "Access-Control-Allow-Origin": "*",
    },
  });
});
