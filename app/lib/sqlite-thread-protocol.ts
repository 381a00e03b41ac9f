/**
 * The messages between the main thread (app/lib/sqlite-thread-client.server.ts) and the SQLite thread
 * (app/lib/sqlite-thread.worker.ts). Types only: the thread imports them with `import type`, which Node's type
 * stripping erases, so the thread's module loads with nothing but Node's own modules.
 */

/** What the thread is started with. */
export interface ThreadData {
  /** An absolute file path, or ":memory:". */
  path: string;
  /** PRAGMAs run once when the connection opens. */
  pragmas: string[];
}

export type Request =
  | { kind: "query"; sql: string; args: unknown[]; tx: number }
  | { kind: "script"; sql: string }
  | { kind: "begin" | "commit" | "rollback"; tx: number }
  | { kind: "close" };

/**
 * A query as it travels: its SQL text only the first time, then the number both sides know it by (`ref`). The
 * order path's statements are a few hundred characters each and a few hundred distinct ones exist, so the text
 * sent with every statement was most of what each message carried (docs/decisions/179).
 */
export type Wire =
  | { kind: "query"; id: number; tx: number; args: unknown[]; ref: number; sql?: string }
  | (Exclude<Request, { kind: "query" }> & { id: number });

/** A failure as it travels: node:sqlite's message, its code and SQLite's extended result code when it has one. */
export interface WireError {
  message: string;
  code: string;
  rawCode?: number;
}

/**
 * The thread's answer: `columns` and `types` only when the main thread does not know them yet for this statement
 * (its first answer after being prepared); `rows` and `changes` only when not empty.
 */
export type Reply =
  | { id: number; columns?: string[]; types?: string[]; rows?: unknown[][]; changes?: number }
  | { id: number; error: WireError };
