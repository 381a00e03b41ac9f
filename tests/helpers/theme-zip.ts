import AdmZip from "adm-zip";

export const THEME_FILES: Record<string, string> = {
  "layout/theme.liquid": "<!doctype html><html><body>{{ content_for_layout }}</body></html>",
  "templates/index.json": '{"sections":{},"order":[]}',
  "config/settings_schema.json": "[]",
  "sections/header.liquid": "<header>{{ shop.name }}</header>",
  "assets/base.css": "body { margin: 0; }",
};

/** A real ZIP: the theme's files at the root, or under `folder/` as repository archives wrap them. */
export function themeZip(options: { folder?: string; files?: Record<string, string> } = {}): Buffer {
  const zip = new AdmZip();
  const prefix = options.folder ? `${options.folder}/` : "";
  if (prefix) zip.addFile(prefix, Buffer.alloc(0));
  for (const [name, content] of Object.entries(options.files ?? THEME_FILES)) {
    zip.addFile(prefix + name, Buffer.from(content));
  }
  return zip.toBuffer();
}

/** A theme ZIP plus one entry whose stored name is exactly `name` (adm-zip would not write `../` itself). */
export function themeZipWithEntry(name: string, options: { symlink?: boolean } = {}): Buffer {
  const zip = new AdmZip(themeZip());
  const placeholder = "x".repeat(name.length);
  zip.addFile(placeholder, Buffer.from("target"));
  if (options.symlink) zip.getEntry(placeholder)!.header.attr = (0o120777 << 16) >>> 0;
  const bytes = zip.toBuffer();
  // Same length, so every offset stays right: rename in the local and the central header.
  const from = Buffer.from(placeholder, "latin1");
  const to = Buffer.from(name, "latin1");
  for (let at = bytes.indexOf(from); at >= 0; at = bytes.indexOf(from, at + from.length)) to.copy(bytes, at);
  return bytes;
}

export function entryNames(zip: Buffer | Uint8Array): string[] {
  return new AdmZip(Buffer.from(zip))
    .getEntries()
    .map((entry) => entry.entryName)
    .sort();
}
