import { Session } from "@shopify/shopify-api";
import type { SessionStorage } from "@shopify/shopify-app-session-storage";
import { open, seal } from "../../lib/crypto.server";

const SEALED = /^v1\./;

/**
 * The platform library's session storage with the access and refresh tokens sealed at rest (AES-256-GCM with the
 * app's key ring, app/lib/crypto.server.ts): the tables hold envelopes only. A row written before sealing (plain
 * token) is still read, and sealed the next time the library stores it (every token refresh does).
 * Rotation: a session sealed with a previous key opens as long as that key is in ENCRYPTION_KEYS_PREVIOUS, and is
 * sealed with the current key at its next refresh.
 */
export class SealedSessionStorage implements SessionStorage {
  constructor(private readonly inner: SessionStorage) {}

  storeSession(session: Session): Promise<boolean> {
    return this.inner.storeSession(transform(session, seal));
  }

  async loadSession(id: string): Promise<Session | undefined> {
    const session = await this.inner.loadSession(id);
    return session ? transform(session, openIfSealed) : undefined;
  }

  deleteSession(id: string): Promise<boolean> {
    return this.inner.deleteSession(id);
  }

  deleteSessions(ids: string[]): Promise<boolean> {
    return this.inner.deleteSessions(ids);
  }

  async findSessionsByShop(shop: string): Promise<Session[]> {
    return (await this.inner.findSessionsByShop(shop)).map((session) => transform(session, openIfSealed));
  }
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
