import { SAFE_REQUEST_RETRIES, SAFE_REQUEST_RETRY_DELAY_MS } from "@showroom/domain";
import { readCookie } from "./cookies.ts";

export type ApiFailure =
  | { kind: "network" }
  | { kind: "session-expired"; userKind: "dealer" | "customer" | null }
  | { kind: "http"; status: number; body: unknown };

export class ApiRequestError extends Error {
  constructor(readonly failure: ApiFailure) {
    super(failure.kind === "http" ? `HTTP ${failure.status}` : failure.kind);
  }
}

export type ApiEvents = {
  /** A safe request failed and will be tried again. */
  retrying(): void;
  /** A safe request failed after every retry. */
  networkFailure(): void;
  /**
   * A call answered 440. For a staff user the answer may be a promise of the sign-in modal's outcome: true (signed
   * in again) retries the call once.
   */
  sessionExpired(userKind: "dealer" | "customer" | null): void | Promise<boolean>;
  httpError(status: number, body: unknown): void;
};

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

type Options = {
  dealerCode: string;
  events: ApiEvents;
  fetchImpl?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  cookies?: () => string;
};

/**
 * The browser's API client: tenant and CSRF headers on every call; safe requests are retried
 * (3 times, 3 s apart) when there is no response or a 5xx; 440 means the session expired.
 */
export function createApiClient(options: Options) {
  const fetchImpl = options.fetchImpl ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const cookies = options.cookies ?? (() => document.cookie);

  async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const safe = SAFE_METHODS.has(method);
    let renewed = false;
    for (let attempt = 0; ; attempt += 1) {
      let response: Response | null = null;
      try {
        response = await fetchImpl(path, {
          method,
          credentials: "same-origin",
          headers: {
            accept: "application/json",
            "x-dealer-code": options.dealerCode,
            ...(safe ? {} : { "x-csrftoken": readCookie(cookies(), "csrftoken") ?? "" }),
            ...(body !== undefined ? { "content-type": "application/json" } : {}),
          },
          ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        });
      } catch {
        response = null;
      }
      const retriable = response === null || response.status >= 500;
      if (safe && retriable && attempt < SAFE_REQUEST_RETRIES) {
        options.events.retrying();
        await sleep(SAFE_REQUEST_RETRY_DELAY_MS);
        continue;
      }
      if (response === null) {
        options.events.networkFailure();
        throw new ApiRequestError({ kind: "network" });
      }
      const payload: unknown = response.headers.get("content-type")?.includes("json") ? await response.json().catch(() => null) : null;
      if (response.status === 440) {
        const userKind = (payload as { user_kind?: "dealer" | "customer" } | null)?.user_kind ?? null;
        const resumed = options.events.sessionExpired(userKind);
        if (userKind === "dealer" && resumed && !renewed && (await resumed)) {
          renewed = true;
          continue;
        }
        throw new ApiRequestError({ kind: "session-expired", userKind });
      }
      if (!response.ok) {
        if (safe && response.status >= 500) options.events.networkFailure();
        else options.events.httpError(response.status, payload);
        throw new ApiRequestError({ kind: "http", status: response.status, body: payload });
      }
      return payload as T;
    }
  }

  return {
    get: <T>(path: string) => request<T>("GET", path),
    post: <T>(path: string, body?: unknown) => request<T>("POST", path, body),
    request,
  };
}
export type ApiClient = ReturnType<typeof createApiClient>;
