import { crc32, inflateRawSync } from "node:zlib";
import AdmZip from "adm-zip";
import { AppError } from "../../lib/http.server";
import { formatBytes } from "../net/safe-fetch.server";

/** docs/decisions/032-theme-archive-limits.md */
export interface ArchiveLimits {
  /** Largest download accepted (the platform's own limit for an uploaded theme is 50 MB). */
  maxDownloadBytes: number;
  maxEntries: number;
  /** Sum of the uncompressed sizes of all entries. */
  maxTotalBytes: number;
  /** Uncompressed to compressed, per entry larger than RATIO_FLOOR_BYTES. */
  maxCompressionRatio: number;
}

export const DEFAULT_ARCHIVE_LIMITS: ArchiveLimits = {
  maxDownloadBytes: 50 * 1024 * 1024,
  maxEntries: 5_000,
  maxTotalBytes: 200 * 1024 * 1024,
  maxCompressionRatio: 100,
};

// Small text files (a JSON of spaces) can compress beyond any ratio harmlessly; only large ones can hurt.
const RATIO_FLOOR_BYTES = 1024 * 1024;
const THEME_MARKER = "layout/theme.liquid";
const STORED = 0;
const DEFLATED = 8;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
// Operating systems' clutter beside the theme folder, dropped when repackaging.
const CLUTTER = [/^__MACOSX\//, /(^|\/)\.DS_Store$/, /(^|\/)Thumbs\.db$/];

export class ThemeArchiveError extends AppError {
  constructor(message: string) {
    super(400, message, "invalid_theme_archive");
    this.name = "ThemeArchiveError";
  }
}

export interface ThemeArchive {
  /** A ZIP with the theme folders (layout/, templates/, ...) at its root. */
  zip: Buffer;
  /** Whether `zip` differs from the input (a wrapping folder removed, clutter dropped). */
  repackaged: boolean;
  fileCount: number;
}

/**
 * Checks that bytes are a ZIP holding a theme, within limits, with no entry that could escape a
 * folder when unpacked (absolute paths, `..`, symlinks, a local header naming another path), and gives the theme with its folders at the
 * root: repository archives wrap everything in one `<repo>-<sha>/` folder, which the platform refuses.
 * Every entry is inflated with a cap at its declared size, so a header that lies about it cannot
 * make the server inflate more than the limits allow.
 */
export function prepareThemeArchive(bytes: Buffer, limits: ArchiveLimits = DEFAULT_ARCHIVE_LIMITS): ThemeArchive {
  if (bytes.length > limits.maxDownloadBytes) {
    throw new ThemeArchiveError(`The theme archive is larger than ${formatBytes(limits.maxDownloadBytes)}`);
  }
  const entries = readEntries(bytes);
  if (entries.length > limits.maxEntries) {
    throw new ThemeArchiveError(`The theme archive has more than ${limits.maxEntries} entries`);
  }

  let total = 0;
  for (const entry of entries) {
    const name = entry.entryName;
    if (!isSafeEntryName(name))
      throw new ThemeArchiveError(`The theme archive has an unsafe entry: ${printable(name)}`);
    if (isSymlink(entry)) throw new ThemeArchiveError(`The theme archive has a symbolic link: ${printable(name)}`);
    const localName = localHeaderName(bytes, entry);
    if (localName === null) {
      throw new ThemeArchiveError(`The theme archive entry ${printable(name)} is damaged or larger than it declares`);
    }
    if (!localName.equals(entry.rawEntryName)) {
      throw new ThemeArchiveError(
        `The theme archive entry ${printable(name)} has another name in its local header: ${printable(localName.toString("latin1"))}`,
      );
    }
    const { size, compressedSize } = entry.header;
    total += size;
    if (total > limits.maxTotalBytes) {
      throw new ThemeArchiveError(`The theme archive unpacks to more than ${formatBytes(limits.maxTotalBytes)}`);
    }
    if (size > RATIO_FLOOR_BYTES && size / Math.max(compressedSize, 1) > limits.maxCompressionRatio) {
      throw new ThemeArchiveError(
        `The theme archive entry ${printable(name)} is compressed more than ${limits.maxCompressionRatio} to 1`,
      );
    }
  }

  const files = entries.filter(
    (entry) => !entry.isDirectory && !CLUTTER.some((pattern) => pattern.test(entry.entryName)),
  );
  const root = themeRoot(files.map((entry) => entry.entryName));
  if (root === null) {
    throw new ThemeArchiveError(`The archive is not a theme: ${THEME_MARKER} is missing`);
  }

  // Every entry is inflated, even when the input is kept as it is: that is what proves its sizes honest. An archive
  // kept as it is keeps none of what was inflated: one entry at a time is in memory, not the whole theme.
  const repackaged = root !== "" || files.length !== entries.filter((entry) => !entry.isDirectory).length;
  if (!repackaged) {
    for (const entry of files) inflate(entry);
    return { zip: bytes, repackaged, fileCount: files.length };
  }
  const output = new AdmZip();
  for (const entry of files) output.addFile(entry.entryName.slice(root.length), inflate(entry));
  return { zip: output.toBuffer(), repackaged, fileCount: files.length };
}

function readEntries(bytes: Buffer) {
  // Local file header, or the end record of an empty archive.
  const signature = bytes.subarray(0, 4).toString("latin1");
  if (signature !== "PK\x03\x04" && signature !== "PK\x05\x06") {
    throw new ThemeArchiveError("The file is not a ZIP archive");
  }
  try {
    return new AdmZip(bytes).getEntries();
  } catch {
    throw new ThemeArchiveError("The ZIP archive is damaged and cannot be read");
  }
}

/** Relative, forward-slash paths that stay inside the folder they are unpacked into. */
export function isSafeEntryName(name: string): boolean {
  if (!name || name.length > 1024) return false;
  if (name.startsWith("/") || name.includes("\\") || /^[a-zA-Z]:/.test(name)) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f]/.test(name)) return false;
  return name.split("/").every((segment) => segment !== ".." && segment !== ".");
}

type Entry = AdmZip.IZipEntry;

function isSymlink(entry: Entry) {
  // Unix permission bits live in the high 16 bits of the external attributes.
  return ((entry.header.attr >>> 16) & S_IFMT) === S_IFLNK;
}

const LOCAL_HEADER_SIGNATURE = 0x04034b50;
const LOCAL_HEADER_LENGTH = 30;
const LOCAL_NAME_LENGTH_AT = 26;

/**
 * The name an entry's local header gives. Checks read the central directory, but an archive kept as
 * it is reaches readers that stream the local headers: both names must be the one that was checked.
 */
function localHeaderName(bytes: Buffer, entry: Entry): Buffer | null {
  const offset = entry.header.offset;
  if (offset + LOCAL_HEADER_LENGTH > bytes.length) return null;
  if (bytes.readUInt32LE(offset) !== LOCAL_HEADER_SIGNATURE) return null;
  const start = offset + LOCAL_HEADER_LENGTH;
  const end = start + bytes.readUInt16LE(offset + LOCAL_NAME_LENGTH_AT);
  return end <= bytes.length ? bytes.subarray(start, end) : null;
}

/** Where layout/theme.liquid is: at the root (""), or under one folder that holds every file ("name/"). */
function themeRoot(names: string[]): string | null {
  if (names.includes(THEME_MARKER)) return "";
  const folders = new Set(names.map((name) => (name.includes("/") ? name.slice(0, name.indexOf("/") + 1) : "")));
  if (folders.size !== 1) return null;
  const [folder] = folders;
  return folder && names.includes(folder + THEME_MARKER) ? folder : null;
}

function inflate(entry: Entry): Buffer {
  const { size, method, crc } = entry.header;
  const name = printable(entry.entryName);
  let data: Buffer;
  try {
    const compressed = entry.getCompressedData();
    if (method === STORED) data = compressed;
    else if (method === DEFLATED)
      data = size === 0 ? Buffer.alloc(0) : inflateRawSync(compressed, { maxOutputLength: size });
    else throw new ThemeArchiveError(`The theme archive entry ${name} uses an unsupported compression method`);
  } catch (error) {
    if (error instanceof ThemeArchiveError) throw error;
    throw new ThemeArchiveError(`The theme archive entry ${name} is damaged or larger than it declares`);
  }
  if (data.length !== size || crc32(data) !== crc) {
    throw new ThemeArchiveError(`The theme archive entry ${name} is damaged or larger than it declares`);
  }
  return data;
}

function printable(name: string) {
  // eslint-disable-next-line no-control-regex
  const clean = name.replace(/[\u0000-\u001f]/g, "?");
  return clean.length > 120 ? `${clean.slice(0, 117)}...` : clean;
}
