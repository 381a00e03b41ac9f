/**
 * Text folded for search (docs/decisions/202): compatibility forms unified (full-width letters, ligatures), accents
 * and other marks removed, lower case, single spaces. "RAMÍREZ", "Ramírez" and "ramirez" all fold to "ramirez".
 */
export function foldForSearch(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}
