import prisma from "../../db.server";
import { AppError } from "../../lib/http.server";
import { logger } from "../../logger.server";
import { safeFetch } from "../net/safe-fetch.server";
import { requirePlatformSession } from "../platform/offline-session.server";
import { DEFAULT_ARCHIVE_LIMITS, prepareThemeArchive, type ArchiveLimits } from "./archive.server";
import { createUnpublishedTheme, type Theme } from "./platform-themes.server";
import { takeThemeInstallSlot } from "./install-slots.server";
import {
  downloadRepositoryArchive,
  isRepositoryUrl,
  parseRepositoryUrl,
  type RepositoryRef,
} from "./repository.server";
import { discardTemporaryThemeFile, storeTemporaryThemeFile } from "./temporary-files.server";

export const DEFAULT_THEME_NAME = "Automation Theme 2.5";
const PUBLIC_DOWNLOAD_TIMEOUT_MS = 30_000;

export type ThemeSource = "public" | "repository";

export interface InstallThemeInput {
  shop: string;
  themeUrl: string;
  themeName: string;
}

export interface ThemeInstallSummary {
  id: string;
  themeId: number;
  name: string;
  role: string;
  source: ThemeSource;
  createdAt: string;
}

/**
 * Installs a theme archive on the shop as an unpublished theme. The archive is fetched and checked
 * here first (reachable, a ZIP within limits, a theme), whatever its source: the platform only
 * reports a broken archive later, as a theme stuck in processing. A private repository's archive,
 * or a public one whose files sit under a wrapping folder, is repackaged and handed to the platform
 * through a temporary URL of this app; a public archive already in shape is fetched by the
 * platform from where it is.
 */
export async function installTheme(
  input: InstallThemeInput,
  options: { limits?: ArchiveLimits } = {},
): Promise<{ theme: Theme; source: ThemeSource }> {
  const limits = options.limits ?? DEFAULT_ARCHIVE_LIMITS;
  const session = await requirePlatformSession(input.shop);

  const repository = isRepositoryUrl(input.themeUrl) ? parseRepositoryUrl(input.themeUrl) : null;
  const source: ThemeSource = repository ? "repository" : "public";
  const log = logger.child({
    shop: input.shop,
    source,
    // Where from, without the query string (a token, a signed URL's signature) or the URL itself.
    from: repository ? `${repository.owner}/${repository.repo}#${repository.branch}` : hostOf(input.themeUrl),
  });
  log.info("theme install requested");

  const slot = takeThemeInstallSlot(input.shop);
  try {
    const { src, temporaryId } = await handOverArchive(input, repository, limits).finally(slot.archiveDone);

    let theme: Theme;
    try {
      theme = await createUnpublishedTheme(session, { name: input.themeName, src });
    } catch (error) {
      if (temporaryId) await discardTemporaryThemeFile(temporaryId);
      throw error;
    }

    await prisma.themeInstall.create({
      data: { shop: input.shop, themeId: BigInt(theme.id), name: theme.name, role: theme.role, source },
    });
    log.info({ themeId: theme.id, viaTemporaryUrl: temporaryId !== null }, "theme installed");
    return { theme, source };
  } finally {
    slot.release();
  }
}

/**
 * Downloads and checks the archive, and gives the URL the platform downloads it from: a temporary URL of this
 * app for an archive repackaged here, the given URL for a public archive already in shape. Its own function so
 * that no byte of the archive stays reachable while the install follows the platform's processing.
 */
async function handOverArchive(
  input: InstallThemeInput,
  repository: RepositoryRef | null,
  limits: ArchiveLimits,
): Promise<{ src: string; temporaryId: string | null }> {
  if (repository) {
    const archive = prepareThemeArchive(await downloadRepositoryArchive(repository, limits.maxDownloadBytes), limits);
    const file = await storeTemporaryThemeFile(input.shop, archive.zip);
    return { src: file.url, temporaryId: file.id };
  }
  const response = await safeFetch(input.themeUrl, {
    maxBytes: limits.maxDownloadBytes,
    timeoutMs: PUBLIC_DOWNLOAD_TIMEOUT_MS,
  });
  if (response.status < 200 || response.status >= 300) {
    throw new AppError(400, `The theme URL answered HTTP ${response.status}; it must serve the ZIP archive`);
  }
  const archive = prepareThemeArchive(response.body, limits);
  if (!archive.repackaged) return { src: input.themeUrl, temporaryId: null };
  const file = await storeTemporaryThemeFile(input.shop, archive.zip);
  return { src: file.url, temporaryId: file.id };
}

/** The shop's installs for the admin's checklist, newest first. */
export async function listThemeInstalls(shop: string, take = 50): Promise<ThemeInstallSummary[]> {
  const rows = await prisma.themeInstall.findMany({ where: { shop }, orderBy: { createdAt: "desc" }, take });
  return rows.map((row) => ({
    id: row.id,
    themeId: Number(row.themeId),
    name: row.name,
    role: row.role,
    source: row.source as ThemeSource,
    createdAt: row.createdAt.toISOString(),
  }));
}

function hostOf(value: string) {
  try {
    return new URL(value).host || "(none)";
  } catch {
    return "(invalid URL)";
  }
}
