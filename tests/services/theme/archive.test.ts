import { deflateRawSync } from "node:zlib";
import AdmZip from "adm-zip";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_ARCHIVE_LIMITS,
  isSafeEntryName,
  prepareThemeArchive,
  ThemeArchiveError,
} from "~/services/theme/archive.server";
import { entryNames, THEME_FILES, themeZip, themeZipWithEntry } from "../../helpers/theme-zip";

const themeNames = Object.keys(THEME_FILES).sort();

function refusal(bytes: Buffer, limits = DEFAULT_ARCHIVE_LIMITS) {
  try {
    prepareThemeArchive(bytes, limits);
  } catch (error) {
    expect(error).toBeInstanceOf(ThemeArchiveError);
    expect((error as ThemeArchiveError).status).toBe(400);
    return (error as Error).message;
  }
  throw new Error("expected the archive to be refused");
}

describe("prepareThemeArchive", () => {
  it("keeps an archive whose theme folders are already at the root", () => {
    const zip = themeZip();
    const archive = prepareThemeArchive(zip);
    expect(archive.repackaged).toBe(false);
    expect(archive.zip).toBe(zip);
    expect(archive.fileCount).toBe(themeNames.length);
  });

  it("moves the files of a repository archive's wrapping folder to the root", () => {
    const archive = prepareThemeArchive(themeZip({ folder: "acme-theme-3f2a9c1" }));
    expect(archive.repackaged).toBe(true);
    expect(entryNames(archive.zip)).toEqual(themeNames);
    expect(new AdmZip(archive.zip).readAsText("layout/theme.liquid")).toBe(THEME_FILES["layout/theme.liquid"]);
  });

  it("drops macOS clutter beside the theme", () => {
    const zip = new AdmZip(themeZip({ folder: "theme" }));
    zip.addFile("__MACOSX/theme/._theme.liquid", Buffer.from("junk"));
    zip.addFile("theme/.DS_Store", Buffer.from("junk"));
    expect(entryNames(prepareThemeArchive(zip.toBuffer()).zip)).toEqual(themeNames);
  });

  it("refuses bytes that are not a ZIP", () => {
    expect(refusal(Buffer.from("<html>Not found</html>"))).toBe("The file is not a ZIP archive");
  });

  it("refuses a damaged ZIP", () => {
    expect(refusal(themeZip().subarray(0, 200))).toBe("The ZIP archive is damaged and cannot be read");
  });

  it("refuses an archive without layout/theme.liquid", () => {
    const { "layout/theme.liquid": _layout, ...rest } = THEME_FILES;
    expect(refusal(themeZip({ files: rest }))).toBe("The archive is not a theme: layout/theme.liquid is missing");
  });

  it("refuses a theme nested two folders deep", () => {
    const zip = new AdmZip();
    zip.addFile("outer/inner/layout/theme.liquid", Buffer.from("x"));
    expect(refusal(zip.toBuffer())).toBe("The archive is not a theme: layout/theme.liquid is missing");
  });

  it.each(["../../etc/cron.d/evil", "assets/../../escape.liquid", "/etc/passwd", "C:/Windows/evil.dll", "..\\evil"])(
    "refuses the zip-slip entry %s",
    (name) => {
      expect(refusal(themeZipWithEntry(name))).toBe(`The theme archive has an unsafe entry: ${name}`);
    },
  );

  it("refuses an entry whose local header names another path than the central directory", () => {
    const bytes = themeZipWithEntry("assets/innocent.css");
    // Only the local header says ../: a reader that streams local headers would unpack it outside.
    const local = bytes.indexOf(Buffer.from("assets/innocent.css", "latin1"));
    Buffer.from("../../../etc/xx.css", "latin1").copy(bytes, local);
    expect(new AdmZip(bytes).getEntry("assets/innocent.css")).not.toBeNull();
    expect(refusal(bytes)).toBe(
      "The theme archive entry assets/innocent.css has another name in its local header: ../../../etc/xx.css",
    );
  });

  it("refuses a symbolic link", () => {
    expect(refusal(themeZipWithEntry("assets/link.css", { symlink: true }))).toBe(
      "The theme archive has a symbolic link: assets/link.css",
    );
  });

  it("refuses more entries than the limit", () => {
    expect(refusal(themeZip(), { ...DEFAULT_ARCHIVE_LIMITS, maxEntries: 3 })).toBe(
      "The theme archive has more than 3 entries",
    );
  });

  it("refuses a download over the size limit", () => {
    expect(refusal(themeZip(), { ...DEFAULT_ARCHIVE_LIMITS, maxDownloadBytes: 100 })).toBe(
      "The theme archive is larger than 100 bytes",
    );
  });

  it("refuses an archive that unpacks to more than the total limit", () => {
    const files = { ...THEME_FILES, "assets/big.js": "x".repeat(300 * 1024) };
    expect(refusal(themeZip({ files }), { ...DEFAULT_ARCHIVE_LIMITS, maxTotalBytes: 256 * 1024 })).toBe(
      "The theme archive unpacks to more than 256 KB",
    );
  });

  it("refuses an entry compressed beyond the ratio limit (a ZIP bomb)", () => {
    const files = { ...THEME_FILES, "assets/bomb.js": "\0".repeat(20 * 1024 * 1024) };
    expect(refusal(themeZip({ files }))).toBe(
      "The theme archive entry assets/bomb.js is compressed more than 100 to 1",
    );
  });

  it("refuses an entry that inflates to more than its header declares", () => {
    const zip = new AdmZip(themeZip());
    const real = Buffer.from("a".repeat(4096));
    zip.addFile("assets/liar.css", real);
    const bytes = zip.toBuffer();
    // Rewrite the declared size (central directory and local header) from 4096 to 16 bytes.
    const declared = Buffer.alloc(4);
    declared.writeUInt32LE(4096);
    const smaller = Buffer.alloc(4);
    smaller.writeUInt32LE(16);
    const compressedLength = deflateRawSync(real).length;
    let replaced = 0;
    for (let at = bytes.indexOf(declared); at >= 0; at = bytes.indexOf(declared, at + 4)) {
      // Only the size fields: the uncompressed size follows the compressed size.
      if (bytes.readUInt32LE(at - 4) === compressedLength) {
        smaller.copy(bytes, at);
        replaced++;
      }
    }
    expect(replaced).toBe(2);
    expect(refusal(bytes)).toBe("The theme archive entry assets/liar.css is damaged or larger than it declares");
  });
});

describe("isSafeEntryName", () => {
  it.each(["layout/theme.liquid", "assets/a..b.css", "locales/en.default.json"])("accepts %s", (name) => {
    expect(isSafeEntryName(name)).toBe(true);
  });

  it.each(["", "../x", "a/../../x", "/abs", "\\\\server\\share", "a\\..\\b", "D:x", "a/./b", "a\u0000b"])(
    "refuses %j",
    (name) => {
      expect(isSafeEntryName(name)).toBe(false);
    },
  );
});
