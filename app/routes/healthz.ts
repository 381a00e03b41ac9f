import prisma from "../db.server";
import { secured } from "../lib/http.server";
import { logger } from "../logger.server";

// For load balancers and uptime checks: no authentication, no details beyond up or down.
export const loader = secured(async () => {
  try {
    await prisma.$queryRaw`SELECT 1`;
    return Response.json({ ok: true }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    logger.error({ err: error instanceof Error ? error.message : String(error) }, "health check: database unavailable");
    return Response.json({ ok: false }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
});
