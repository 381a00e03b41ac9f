import AdmZip from "adm-zip";
import { newId } from "./seed";
import type { ShopState, SimTheme } from "./state";

/**
 * `themeCreate` as on the platform: the theme exists at once with `processing: true`; the platform then
 * downloads the archive and checks it, and the theme ends processed or with `processingFailed: true`.
 */
export function createProcessingTheme(
  shop: ShopState,
  input: { name: string; source: string },
  options: { processingMs: number; fail?: boolean; emit: (message: string) => void },
): SimTheme {
  const now = offsetTimestamp(new Date());
  const theme: SimTheme = {
    id: newId(),
    name: input.name,
    role: "unpublished",
    processing: true,
    processingFailed: false,
    src: input.source,
    createdAt: now,
    updatedAt: now,
    files: [],
  };
  shop.themes.push(theme);
  void (async () => {
    const [files] = await Promise.all([
      downloadTheme(input.source),
      new Promise((resolve) => setTimeout(resolve, options.processingMs)),
    ]);
    theme.processing = false;
    theme.updatedAt = offsetTimestamp(new Date());
    if ("error" in files || options.fail) {
      theme.processingFailed = true;
      options.emit(`theme "${theme.name}" processing failed: ${"error" in files ? `source ${files.error}` : "forced"}`);
    } else {
      theme.files = files.names;
      options.emit(`theme "${theme.name}" processed, unpublished (${files.names.length} files)`);
    }
  })();
  return theme;
}

/** "2026-11-22T01:44:00-05:00": the platform's REST timestamps carry the shop's offset (Bogotá). */
export function offsetTimestamp(date: Date) {
  const local = new Date(date.getTime() - 5 * 3_600_000);
  return `${local.toISOString().slice(0, 19)}-05:00`;
}

/** As the platform does: fetch the archive from `src`, and accept it only if it holds layout/theme.liquid. */
async function downloadTheme(src: string | undefined): Promise<{ names: string[] } | { error: string }> {
  if (!src || !/^https?:\/\//.test(src)) return { error: "is not a valid URL" };
  let bytes: Buffer;
  try {
    const response = await fetch(src, { signal: AbortSignal.timeout(30_000) });
    if (!response.ok) return { error: `could not be downloaded (HTTP ${response.status})` };
    bytes = Buffer.from(await response.arrayBuffer());
  } catch (error) {
    return { error: `could not be downloaded (${error instanceof Error ? error.message : String(error)})` };
  }
  let names: string[];
  try {
    names = new AdmZip(bytes)
      .getEntries()
      .filter((entry) => !entry.isDirectory)
      .map((entry) => entry.entryName);
  } catch {
    return { error: "is not a zip archive" };
  }
  // The theme's folders at the root, or inside one top-level folder (as repository archives wrap them).
  const root = names.some((name) => name === "layout/theme.liquid")
    ? ""
    : (names.find((name) => /^[^/]+\/layout\/theme\.liquid$/.test(name))?.split("/")[0] ?? null);
  if (root === null) return { error: "is not a theme: layout/theme.liquid is missing" };
  return { names: names.map((name) => (root ? name.slice(root.length + 1) : name)) };
}
