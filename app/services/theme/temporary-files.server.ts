import { randomBytes } from "node:crypto";
import prisma from "../../db.server";
import { env } from "../../env.server";
import { hotSql } from "../../lib/hot-sql.server";

/** docs/decisions/031-temporary-theme-archives.md */
export const SERVE_FOR_MS = 5 * 60_000;
export const DELETE_AFTER_MS = 10 * 60_000;
/** How often the fleet sweeps (a periodic job, app/services/jobs/registry.server.ts). */
export const SWEEP_EVERY_MS = 60_000;
// 32 random bytes: 256 bits, as 43 base64url characters.
const ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface TemporaryThemeFile {
  id: string;
  url: string;
  expiresAt: Date;
}

/**
 * Keeps an archive where every instance of the app can serve it, for SERVE_FOR_MS. The bytes go straight to the
 * connection (hot SQL), as they come back in findServableThemeFile: through the ORM's client a blob travels as a
 * base64 string on the way in and as an array of numbers, eight bytes per byte, on the way out, which for an
 * archive of tens of MB cost the process hundreds of MB per install (docs/decisions/194).
 */
export async function storeTemporaryThemeFile(
  shop: string,
  zip: Uint8Array,
  now = new Date(),
): Promise<TemporaryThemeFile> {
  const id = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + SERVE_FOR_MS);
  const deleteAfter = new Date(now.getTime() + DELETE_AFTER_MS);
  await hotSql().execute`
    INSERT INTO "TemporaryThemeFile" ("id", "shop", "data", "size", "expiresAt", "deleteAfter", "createdAt")
    VALUES (${id}, ${shop}, ${zip}, ${zip.byteLength}, ${expiresAt}, ${deleteAfter}, ${now})`;
  return { id, url: temporaryThemeUrl(id), expiresAt };
}

export function temporaryThemeUrl(id: string) {
  return `${env().PLATFORM_APP_URL}/api/theme/download/${id}`;
}

/** The archive's bytes while it may still be served; null for an unknown, malformed or expired id. */
export async function findServableThemeFile(id: string, now = new Date()): Promise<Uint8Array | null> {
  if (!ID_PATTERN.test(id)) return null;
  const [file] = await hotSql().query<{ data: Uint8Array | ArrayBuffer }>`
    SELECT "data" FROM "TemporaryThemeFile" WHERE "id" = ${id} AND "expiresAt" > ${now}`;
  if (!file) return null;
  // PostgreSQL's driver gives a Buffer, the SQLite thread the ArrayBuffer it transferred.
  return file.data instanceof Uint8Array ? file.data : new Uint8Array(file.data);
}

/** Removes one archive at once (nobody will download an archive the platform refused). */
export async function discardTemporaryThemeFile(id: string): Promise<void> {
  await prisma.temporaryThemeFile.deleteMany({ where: { id } });
}

/** Removes the archives past their removal time; returns how many. */
export async function sweepTemporaryThemeFiles(now = new Date()): Promise<number> {
  const { count } = await prisma.temporaryThemeFile.deleteMany({ where: { deleteAfter: { lte: now } } });
  return count;
}
