import {
  ColumnTypeEnum,
  DriverAdapterError,
  type ArgType,
  type ColumnType,
  type Error as MappedDriverError,
} from "@prisma/driver-adapter-utils";
import type { WireError } from "./sqlite-thread-protocol";

/**
 * Values and errors between Prisma and the SQLite thread, converted as @prisma/adapter-libsql 6.19 does them
 * (src/conversion.ts, src/errors.ts; Apache-2.0), so stored dates and Prisma's error codes such as P2002 are those
 * the libsql driver gave (docs/decisions/121).
 */

function mapDeclType(declType: string): ColumnType | null {
  switch (declType.toUpperCase()) {
    case "":
      return null;
    case "DECIMAL":
      return ColumnTypeEnum.Numeric;
    case "FLOAT":
      return ColumnTypeEnum.Float;
    case "DOUBLE":
    case "DOUBLE PRECISION":
    case "NUMERIC":
    case "REAL":
      return ColumnTypeEnum.Double;
    case "TINYINT":
    case "SMALLINT":
    case "MEDIUMINT":
    case "INT":
    case "INTEGER":
    case "SERIAL":
    case "INT2":
      return ColumnTypeEnum.Int32;
    case "BIGINT":
    case "UNSIGNED BIG INT":
    case "INT8":
      return ColumnTypeEnum.Int64;
    case "DATETIME":
    case "TIMESTAMP":
      return ColumnTypeEnum.DateTime;
    case "TIME":
      return ColumnTypeEnum.Time;
    case "DATE":
      return ColumnTypeEnum.Date;
    case "TEXT":
    case "CLOB":
    case "CHARACTER":
    case "VARCHAR":
    case "VARYING CHARACTER":
    case "NCHAR":
    case "NATIVE CHARACTER":
    case "NVARCHAR":
      return ColumnTypeEnum.Text;
    case "BLOB":
      return ColumnTypeEnum.Bytes;
    case "BOOLEAN":
      return ColumnTypeEnum.Boolean;
    case "JSONB":
      return ColumnTypeEnum.Json;
    default:
      return null;
  }
}

export function getColumnTypes(declaredTypes: string[], rows: unknown[][]): ColumnType[] {
  return declaredTypes.map((declared, column) => {
    const mapped = mapDeclType(declared);
    if (mapped !== null) return mapped;
    // No declared type (an expression): the first non-null value decides.
    const sample = rows.find((row) => row[column] !== null)?.[column];
    return sample === undefined ? ColumnTypeEnum.Int32 : inferColumnType(sample);
  });
}

function inferColumnType(value: unknown): ColumnType {
  switch (typeof value) {
    case "string":
      return ColumnTypeEnum.Text;
    case "bigint":
      return ColumnTypeEnum.Int64;
    case "boolean":
      return ColumnTypeEnum.Boolean;
    case "number":
      return ColumnTypeEnum.UnknownNumber;
    default:
      if (value instanceof ArrayBuffer) return ColumnTypeEnum.Bytes;
      throw new Error(`unexpected value of type ${typeof value} in a result row`);
  }
}

export function mapRow(row: unknown[], columnTypes: ColumnType[]): unknown[] {
  return row.map((value, i) => {
    if (value instanceof ArrayBuffer) return Array.from(new Uint8Array(value));
    const type = columnTypes[i];
    if (typeof value === "number" && (type === ColumnTypeEnum.Int32 || type === ColumnTypeEnum.Int64)) {
      return Number.isInteger(value) ? value : Math.trunc(value);
    }
    if ((typeof value === "number" || typeof value === "bigint") && type === ColumnTypeEnum.DateTime) {
      return new Date(Number(value)).toISOString();
    }
    if (typeof value === "bigint") return value.toString();
    return value;
  });
}

export function mapArg(arg: unknown, argType: ArgType | undefined): unknown {
  if (arg === null || arg === undefined) return null;
  const scalar = argType?.scalarType;
  if (typeof arg === "string" && scalar === "bigint") return BigInt(arg);
  if (typeof arg === "string" && scalar === "decimal") return Number.parseFloat(arg);
  if (typeof arg === "string" && scalar === "datetime") arg = new Date(arg);
  // The libsql adapter's default timestamp format: what every stored date in this database already looks like.
  if (arg instanceof Date) return arg.toISOString().replace("Z", "+00:00");
  if (typeof arg === "string" && scalar === "bytes") return Buffer.from(arg, "base64");
  if (Array.isArray(arg) && scalar === "bytes") return new Uint8Array(arg as number[]);
  // The libsql client turned booleans into integers; the driver below it does not.
  if (typeof arg === "boolean") return arg ? 1 : 0;
  return arg;
}

const SQLITE_BUSY = 5;

export function driverError(error: WireError) {
  const rawCode = error.rawCode ?? 1;
  const mapped: MappedDriverError = {
    originalCode: String(rawCode),
    originalMessage: error.message,
    ...mapDriverError(rawCode, error.message),
  };
  return new DriverAdapterError(mapped);
}

function mapDriverError(rawCode: number, message: string): MappedDriverError {
  const fields = () =>
    message
      .split("constraint failed: ")
      .at(1)
      ?.split(", ")
      .map((field) => field.split(".").pop()!);
  switch (rawCode) {
    case 2067:
    case 1555: {
      const constrained = fields();
      return { kind: "UniqueConstraintViolation", constraint: constrained ? { fields: constrained } : undefined };
    }
    case 1299: {
      const constrained = fields();
      return { kind: "NullConstraintViolation", constraint: constrained ? { fields: constrained } : undefined };
    }
    case 787:
    case 1811:
      return { kind: "ForeignKeyConstraintViolation", constraint: { foreignKey: {} } };
    default:
      if ((rawCode & 0xff) === SQLITE_BUSY) return { kind: "SocketTimeout" };
      if (message.startsWith("no such table")) return { kind: "TableDoesNotExist", table: message.split(": ").at(1) };
      if (message.startsWith("no such column")) return { kind: "ColumnNotFound", column: message.split(": ").at(1) };
      if (message.includes("has no column named ")) {
        return { kind: "ColumnNotFound", column: message.split("has no column named ").at(1) };
      }
      return { kind: "sqlite", extendedCode: rawCode, message };
  }
}
