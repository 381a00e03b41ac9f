import type pg from "pg";
import { postgresDriver } from "./postgres-driver.server";
import type { HotSql } from "./hot-sql.server";

/**
 * The order path's statements on PostgreSQL straight to the `pg` pool under Prisma's adapter (docs/decisions/182),
 * the way decision 163 sends them to the SQLite thread: through the client, each `$queryRaw` also went through
 * its WebAssembly query compiler and request plumbing, which was most of the app's CPU per order on PostgreSQL.
 *
 * Same templates as for `$queryRaw` (values only), sent as one unnamed statement with `$n` placeholders: no named
 * prepared statements, which a PgBouncer in transaction mode (README) would not keep per client. Values and rows
 * are converted as the adapter converts them, so the client and these statements read each other's writes alike:
 * a Date goes as UTC text without a zone (the columns are `TIMESTAMP(3)`), a `timestamp` comes back as a Date
 * read as UTC (pg's default would read it in the process's time zone), an `int8` as a bigint.
 */

const texts = new WeakMap<TemplateStringsArray, string>();

function textOf(strings: TemplateStringsArray) {
  let text = texts.get(strings);
  if (text === undefined) {
    text = strings.reduce((sql, part, i) => (i === 0 ? part : `${sql}$${i}${part}`), "");
    texts.set(strings, text);
  }
  return text;
}

const pad = (value: number, length = 2) => String(value).padStart(length, "0");

/** As @prisma/adapter-pg's formatDateTime: what the client writes for a DateTime. */
function formatDateTime(date: Date) {
  const ms = date.getUTCMilliseconds();
  return (
    `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}` +
    (ms ? `.${pad(ms, 3)}` : "")
  );
}

function converted(values: unknown[]) {
  return values.map((value) => {
    if (value instanceof Date) return formatDateTime(value);
    if (value instanceof Uint8Array) return Buffer.isBuffer(value) ? value : Buffer.from(value);
    if (value !== null && typeof value === "object") {
      throw new Error("hot SQL takes plain values only (no fragments, lists or objects)");
    }
    return value;
  });
}

const TIMESTAMP = 1114;
const INT8 = 20;

const parseTimestamp = (text: string) => new Date(`${text.replace(" ", "T")}Z`);
const parseInt8 = (text: string) => BigInt(text);

const types = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === TIMESTAMP) return parseTimestamp;
    if (oid === INT8) return parseInt8;
    return postgresDriver().types.getTypeParser(oid, format ?? "text");
  },
} as pg.CustomTypesConfig;

/** The hot path's statements on `pool`, PostgreSQL's counterpart of hot-sql.server.ts's SQLite one. */
export function postgresHotSql(pool: pg.Pool): HotSql {
  const hot: HotSql = {
    execute: (strings, ...values) => hot.executeText(textOf(strings), values),
    query: <T>(strings: TemplateStringsArray, ...values: unknown[]) => hot.queryText<T>(textOf(strings), values),
    async executeText(text, values) {
      const result = await pool.query({ text, values: converted(values), types });
      return result.rowCount ?? 0;
    },
    async queryText<T>(text: string, values: unknown[]) {
      const result = await pool.query({ text, values: converted(values), types });
      return result.rows as T[];
    },
  };
  return hot;
}
