import type { ApiMessageKey } from "@showroom/domain";

/** A failure with a DRF-style body; messages are keys, resolved for the request language when sent. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly key: ApiMessageKey,
    readonly extra: Record<string, unknown> = {},
    readonly values: Record<string, string | number> = {},
  ) {
    super(key);
  }
}

/** A 400 naming each field at fault, with message keys per field. */
export class FieldErrors extends Error {
  readonly statusCode = 400;
  constructor(
    readonly fields: Record<string, ApiMessageKey[]>,
    readonly code?: string,
  ) {
    super("field errors");
  }
}

export const notFound = (key: ApiMessageKey = "not_found") => new HttpError(404, key);
