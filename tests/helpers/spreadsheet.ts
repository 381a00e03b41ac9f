/**
 * Reads a CSV file the way a spreadsheet opens one with a double click: the bytes decoded as UTF-8 only when they
 * start with a byte-order mark (Windows-1252 otherwise, as Excel does), fields split at the regional settings' list
 * separator (";" in Colombia or Spain, "," in the United States) with RFC 4180 quoting, and each cell typed: a text
 * whose first character (after any leading whitespace) is = + - @ or their full-width forms is run as a formula,
 * a number in the region's decimal mark is a number, "YYYY-MM-DD HH:MM:SS" is a date. A tab before a phone's own
 * characters (digits, spaces, dots, dashes, parentheses, a leading "+") makes it text, shown without the tab: the
 * way Excel keeps a typed phone (docs/decisions/302); any other tab-led cell is read as a formula, as some
 * spreadsheets do.
 */
export type SheetCell =
  | { kind: "formula"; source: string }
  | { kind: "number"; value: number }
  | { kind: "date"; value: string }
  | { kind: "text"; value: string };

export interface RegionalSettings {
  listSeparator: ";" | ",";
  decimalMark: "," | ".";
}

export const COLOMBIA: RegionalSettings = { listSeparator: ";", decimalMark: "," };
export const UNITED_STATES: RegionalSettings = { listSeparator: ",", decimalMark: "." };

const FORMULA = /^[\s\u3000]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/;

export function openAsSpreadsheet(bytes: Uint8Array, region: RegionalSettings) {
  const hasBom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const text = hasBom
    ? new TextDecoder("utf-8").decode(bytes.subarray(3))
    : new TextDecoder("windows-1252").decode(bytes);
  const rows = parseCsv(text, region.listSeparator).map((row) => row.map((raw) => typeCell(raw, region)));
  return { hasBom, rows };
}

function typeCell({ value, quoted }: { value: string; quoted: boolean }, region: RegionalSettings): SheetCell {
  if (/^\t\+?[\d\s().-]+$/.test(value)) return { kind: "text", value: value.slice(1) };
  // A leading tab or carriage return is where some spreadsheets start a formula too.
  if (FORMULA.test(value) || /^[\t\r]/.test(value)) return { kind: "formula", source: value };
  if (!quoted) {
    const number = region.decimalMark === "," ? /^-?\d+(,\d+)?$/ : /^-?\d+(\.\d+)?$/;
    if (number.test(value)) return { kind: "number", value: Number(value.replace(",", ".")) };
    if (/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value)) return { kind: "date", value };
  }
  return { kind: "text", value };
}

function parseCsv(text: string, separator: string) {
  const rows: { value: string; quoted: boolean }[][] = [];
  let row: { value: string; quoted: boolean }[] = [];
  let field = "";
  let quoted = false;
  let inQuotes = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (inQuotes) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') inQuotes = false;
      else field += char;
    } else if (char === '"' && field === "") {
      inQuotes = true;
      quoted = true;
    } else if (char === separator) {
      row.push({ value: field, quoted });
      field = "";
      quoted = false;
    } else if (char === "\n" || (char === "\r" && text[i + 1] === "\n")) {
      if (char === "\r") i++;
      row.push({ value: field, quoted });
      rows.push(row);
      row = [];
      field = "";
      quoted = false;
    } else field += char;
  }
  if (field !== "" || row.length) {
    row.push({ value: field, quoted });
    rows.push(row);
  }
  return rows;
}

/** The cells of the sheet as plain values, for assertions: a formula as `FORMULA:<source>`. */
export function cellValues(rows: SheetCell[][]) {
  return rows.map((row) =>
    row.map((cell) =>
      cell.kind === "formula" ? `FORMULA:${cell.source}` : cell.kind === "number" ? cell.value : cell.value,
    ),
  );
}
