import { AsyncLocalStorage } from "node:async_hooks";
import { Session } from "@shopify/shopify-api";
import type { SessionStorage } from "@shopify/shopify-app-session-storage";
import { open, seal } from "../../lib/crypto.server";

const SEALED = /^v1\./;

/** Sessions already read (and opened) in the current unit of work: see `readSessionsOnce`. */
const readsInScope = new AsyncLocalStorage<Map<string, Session>>();

/**
 * Runs `work` with each session read at most once (docs/decisions/167): the first read is kept for the rest of
 * this unit of work, so the callback's install check, the offline path's expiry check and the library's own read
 * for its admin client share one row read and one opening of the sealed tokens instead of three. Nothing outlives
 * `work`: the next unit of work reads the row again. A store or delete in the scope drops what it held, and
 * `forgetReadSession` makes the next read go to the table (the read under the token lease must see another
 * process's refresh).
 */
export function readSessionsOnce<T>(work: () => Promise<T>): Promise<T> {
  return readsInScope.run(new Map(), work);
}

/** The next read of this session in the current scope goes to the table. */
export function forgetReadSession(id: string) {
  readsInScope.getStore()?.delete(id);
}

/**
 * The platform library's session storage with the access and refresh tokens sealed at rest (AES-256-GCM with the
 * app's key ring, app/lib/crypto.server.ts): the tables hold envelopes only. A row written before sealing (plain
 * token) is still read, and sealed the next time the library stores it (every token refresh does).
 * Rotation: a session sealed with a previous key opens as long as that key is in ENCRYPTION_KEYS_PREVIOUS, and is
 * sealed with the current key at its next refresh.
 */
export class SealedSessionStorage implements SessionStorage {
  /**
   * `read` loads one stored session (by default the inner storage's `loadSession`); the app passes a read of the
   * same table that skips Prisma's client (./session-rows.server.ts).
   */
  constructor(
    private readonly inner: SessionStorage,
    private readonly read: (id: string) => Promise<Session | undefined> = (id) => inner.loadSession(id),
  ) {}

  storeSession(session: Session): Promise<boolean> {
    forgetReadSession(session.id);
    return this.inner.storeSession(transform(session, seal));
  }

  async loadSession(id: string): Promise<Session | undefined> {
    const reads = readsInScope.getStore();
    const held = reads?.get(id);
    // A copy each time: a caller that changes its session must not change what the next caller is given.
    if (held) return new Session(held.toObject());
    const stored = await this.read(id);
    if (!stored) return undefined;
    const session = openStoredSession(stored);
    reads?.set(id, session);
    return new Session(session.toObject());
  }

  deleteSession(id: string): Promise<boolean> {
    forgetReadSession(id);
    return this.inner.deleteSession(id);
  }

  deleteSessions(ids: string[]): Promise<boolean> {
    ids.forEach(forgetReadSession);
    return this.inner.deleteSessions(ids);
  }

  async findSessionsByShop(shop: string): Promise<Session[]> {
    return (await this.inner.findSessionsByShop(shop)).map((session) => transform(session, openIfSealed));
  }
}

/** A session as the table holds it, with its tokens opened as this storage opens them. */
export function openStoredSession(stored: Session): Session {
  return transform(stored, openIfSealed);
}

function openIfSealed(value: string) {
  return SEALED.test(value) ? open(value) : value;
}

function transform(session: Session, change: (value: string) => string): Session {
  const copy = new Session(session.toObject());
  if (session.accessToken) copy.accessToken = change(session.accessToken);
  if (session.refreshToken) copy.refreshToken = change(session.refreshToken);
  return copy;
}
