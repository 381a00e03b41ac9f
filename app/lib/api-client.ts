/**
 * The browser side of docs/api.md. Requests are same-origin: App Bridge adds the session token to them.
 * Every answer is `{ success: true, ... }` or `{ success: false, error }`; a failure becomes an ApiError
 * carrying the server's message (safe to show, the server guarantees it).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export type Query = Record<string, string | number | boolean | null | undefined>;

export function apiPath(path: string, query: Query = {}) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== "") params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export async function apiGet<T>(path: string, query: Query = {}, init: RequestInit = {}): Promise<T> {
  return request<T>(apiPath(path, query), { ...init, method: "GET" });
}

/** Posts form data, as every write endpoint of docs/api.md expects. */
export async function apiPost<T>(path: string, fields: Record<string, string | boolean | undefined> = {}) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) body.set(name, String(value));
  }
  return request<T>(path, { method: "POST", body });
}

async function request<T>(path: string, init: RequestInit): Promise<T> {
  const response = await fetch(path, { ...init, headers: { Accept: "application/json", ...init.headers } });
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy's error page, a redirect to login): the status is all there is to report.
    throw new ApiError(response.status, `HTTP ${response.status}`);
  }
  const record = (body && typeof body === "object" ? body : {}) as Record<string, unknown>;
  if (!response.ok || record.success === false) {
    const message = typeof record.error === "string" && record.error ? record.error : `HTTP ${response.status}`;
    throw new ApiError(response.status, message, record);
  }
  return record as T;
}
