import type { AppLoadContext } from "react-router";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`API answered ${status}`);
  }
}

/**
 * Loaders reach the API over HTTP exactly as the browser does (its cookies, the tenant header), so the
 * API stays the one boundary. Cookies the API sets are handed back to the browser.
 */
export function serverApi(context: AppLoadContext, dealerCode: string, locale?: string) {
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${context.apiOrigin}${path}`, {
      method,
      headers: {
        "x-dealer-code": dealerCode,
        cookie: context.cookieHeader,
        "x-forwarded-for": context.forwardedFor,
        ...(locale ? { "accept-language": locale } : {}),
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    context.responseCookies.push(...response.headers.getSetCookie());
    const payload = response.headers.get("content-type")?.includes("application/json") ? await response.json() : null;
    if (!response.ok) throw new ApiError(response.status, payload);
    return payload as T;
  }
  return { get: <T>(path: string) => call<T>("GET", path) };
}
