import type { ApiAnswer } from "@showroom/domain";
import { data, type AppLoadContext } from "react-router";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`API answered ${status}`);
  }
}

/**
 * What a loader reads an answer with: a zod schema of the contract (packages/domain), so the data is typed
 * by the schema and checked against it rather than cast. Parsing costs little next to reading the JSON
 * (measured on the demo: a 50-vehicle search page with its facets 0.12 ms against 0.29 ms for JSON.parse; a
 * vehicle 0.03 ms; a trim 0.04 ms).
 */
export type ResponseSchema<T> = { parse(data: unknown): T };

/** Each answer of a page request read once per schema: the shell and the page's head both read the dealership. */
const readAnswers = new WeakMap<Promise<unknown>, Map<ResponseSchema<unknown>, Promise<unknown>>>();

function readWith<T>(answer: Promise<unknown>, schema: ResponseSchema<T>): Promise<T> {
  let reads = readAnswers.get(answer);
  if (!reads) readAnswers.set(answer, (reads = new Map()));
  let read = reads.get(schema);
  if (!read) reads.set(schema, (read = answer.then((payload) => schema.parse(payload))));
  return read as Promise<T>;
}

/**
 * Loaders reach the API in this process exactly as the browser does (its cookies, the tenant header), so the
 * API stays the one boundary. Cookies the API sets are handed back to the browser.
 */
export function serverApi(context: AppLoadContext, dealerCode: string, locale?: string) {
  async function send(method: string, path: string, body?: unknown): Promise<ApiAnswer> {
    const response = await context.callApi(path, {
      method,
      headers: {
        "x-dealer-code": dealerCode,
        cookie: context.cookieHeader,
        "x-showroom-client-address": context.clientAddress,
        "x-showroom-internal-key": context.internalKey,
        ...(locale ? { "accept-language": locale } : {}),
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    context.responseCookies.push(...response.headers.getSetCookie());
    return response;
  }
  async function call(method: string, path: string, body?: unknown): Promise<unknown> {
    const response = await send(method, path, body);
    const payload = response.headers.get("content-type")?.includes("application/json") ? await response.json() : null;
    // A throttled visitor sees a page saying so (status 429), not an error of ours.
    if (response.status === 429) throw data(payload, { status: 429, headers: { "retry-after": response.headers.get("retry-after") ?? "60" } });
    if (!response.ok) throw new ApiError(response.status, payload);
    return payload;
  }
  return {
    /**
     * GET `path`, its answer read with `schema`; a refusal throws ApiError (429 becomes the throttled page). Within one
     * request the same GET is made and read once (a refused one is not kept: the caller may try again, e.g. after a 440).
     * What it answers is shared by the request's loaders: theirs to read, not to change.
     */
    async get<T>(path: string, schema: ResponseSchema<T>): Promise<T> {
      const answers = context.apiAnswers;
      const key = `${dealerCode}\n${locale ?? ""}\n${path}`;
      let answer = answers?.get(key);
      if (!answer) {
        answer = call("GET", path);
        answers?.set(key, answer);
        answer.catch(() => answers?.delete(key));
      }
      return readWith(answer, schema);
    },
    /** GET `path` as it came (a file to pass on to the browser); a refusal throws ApiError. */
    async file(path: string): Promise<ApiAnswer> {
      const response = await send("GET", path);
      if (!response.ok) throw new ApiError(response.status, null);
      return response;
    },
  };
}
