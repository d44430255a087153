import type { z } from "zod";
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
  /** Also send the message as non_field_errors (calls whose clients read that, like end_customer_session). */
  asNonFieldErrors = false;
  withNonFieldErrors(): this {
    this.asNonFieldErrors = true;
    return this;
  }
}

/** A message key, or a key with the values of its {{placeholders}}. */
export type FieldMessage = ApiMessageKey | { key: ApiMessageKey; values: Record<string, string | number> };

/** A 400 naming each field at fault, with message keys per field. */
export class FieldErrors extends Error {
  readonly statusCode = 400;
  constructor(
    readonly fields: Record<string, FieldMessage[]>,
    readonly code?: string,
  ) {
    super("field errors");
  }
}

export const notFound = (key: ApiMessageKey = "not_found") => new HttpError(404, key);

/** A 400 from a schema chosen at request time (e.g. by the dealership's sign-up rules), shaped like a route schema's. */
export class SchemaErrors extends Error {
  readonly statusCode = 400;
  constructor(readonly issues: { path: PropertyKey[]; message: string }[]) {
    super("schema errors");
  }
}

/** Parses with a schema chosen at request time; failures answer the same 400 a route schema would. */
export function parseWith<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (!result.success) throw new SchemaErrors(result.error.issues);
  return result.data;
}
