import { databaseEngine, type DatabaseEngine } from "../db-adapter.server";
import { env } from "../env.server";
import { hotSql } from "./hot-sql.server";

/**
 * One named statement on the order path (the delivery store, app/services/deliveries/store, and the reads beside it
 * of sessions, shop settings and order rules, each in its own domain's module), compiled once when its module loads:
 * its text for each engine (`?` placeholders on SQLite, `$n` on PostgreSQL) and the names of its parameters in
 * order. A call sends the text as it is, with the values picked from the call's parameters by name: no parsing, no
 * string work per order.
 *
 * A statement is written as a template whose interpolations are a parameter's name (`${"shop"}`) or a fragment
 * (a rule written once, such as the delivery store's pause rule in its rules.ts), which is inlined where it stands.
 */
export interface Statement<P> {
  readonly sqlite: string;
  readonly postgres: string;
  readonly names: readonly (keyof P & string)[];
}

/**
 * Text and parameter names, in order: a piece of SQL shared by statements. `P` is the parameters it needs: a
 * statement may inline it only when its own parameters include them.
 */
export class Fragment<P = object> {
  declare readonly needs?: (params: P) => void;
  constructor(
    readonly texts: readonly string[],
    readonly names: readonly string[],
  ) {}
}

type Part<P> = (keyof P & string) | Fragment<P>;

function flatten<P>(strings: readonly string[], parts: readonly Part<P>[]) {
  const texts = [strings[0]];
  const names: string[] = [];
  parts.forEach((part, i) => {
    if (part instanceof Fragment) {
      texts[texts.length - 1] += part.texts[0];
      for (let j = 0; j < part.names.length; j++) {
        names.push(part.names[j]);
        texts.push(part.texts[j + 1]);
      }
      texts[texts.length - 1] += strings[i + 1];
    } else {
      names.push(part);
      texts.push(strings[i + 1]);
    }
  });
  return new Fragment<P>(texts, names);
}

/** A piece of SQL to inline into statements (with parameters of its own, by name). */
export function fragment<P = object>(strings: TemplateStringsArray, ...parts: Part<P>[]) {
  return flatten<P>(strings, parts);
}

/** A statement with parameters `P`, each interpolated by its name. */
export function statement<P>(strings: TemplateStringsArray, ...parts: Part<P>[]): Statement<P> {
  const { texts, names } = flatten<P>(strings, parts);
  return {
    sqlite: texts.join("?"),
    postgres: texts.reduce((sql, text, i) => (i === 0 ? text : `${sql}$${i}${text}`), ""),
    // Each name is a key of P: the template's parts were, and a fragment's were keys of what P includes.
    names: names as (keyof P & string)[],
  };
}

/** Runs statements on one engine, on the app's connection (hot-sql.server.ts). */
export interface Connection {
  readonly engine: DatabaseEngine;
  execute<P>(statement: Statement<P>, params: P): Promise<number>;
  query<T, P>(statement: Statement<P>, params: P): Promise<T[]>;
}

function valuesOf<P>(statement: Statement<P>, params: P) {
  const values = new Array<unknown>(statement.names.length);
  for (let i = 0; i < values.length; i++) values[i] = params[statement.names[i]];
  return values;
}

export function connection(engine: DatabaseEngine): Connection {
  const textOf = engine === "postgresql" ? <P>(s: Statement<P>) => s.postgres : <P>(s: Statement<P>) => s.sqlite;
  return {
    engine,
    execute: (statement, params) => hotSql().executeText(textOf(statement), valuesOf(statement, params)),
    query: <T, P>(statement: Statement<P>, params: P) =>
      hotSql().queryText<T>(textOf(statement), valuesOf(statement, params)),
  };
}

const appConnections: Partial<Record<DatabaseEngine, Connection>> = {};

/** The connection on the app's database, on the engine its DATABASE_URL names. */
export function appConnection(): Connection {
  const engine = databaseEngine(env().DATABASE_URL);
  return (appConnections[engine] ??= connection(engine));
}
