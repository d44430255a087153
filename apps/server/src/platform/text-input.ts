import type { FastifyInstance } from "fastify";
import { FieldErrors } from "./http-errors.ts";

const NUL = "\u0000";

/**
 * The DRF field name ("address.0.line") of the first text in `value` holding a NUL character, in a
 * value or a key; null when there is none. A key with one is blamed on the object that holds it.
 */
const fieldName = (path: readonly string[]) => (path.length ? path.join(".") : "non_field_errors");

function fieldWithNul(value: unknown, path: readonly string[] = []): string | null {
  if (typeof value === "string") return value.includes(NUL) ? fieldName(path) : null;
  if (value === null || typeof value !== "object") return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes(NUL)) return fieldName(path);
    const found = fieldWithNul(item, [...path, key]);
    if (found) return found;
  }
  return null;
}

/**
 * PostgreSQL refuses U+0000 in text and jsonb, so text holding it would turn a query into a 500. Every
 * path parameter, query parameter and JSON body is checked once here, before the route's own schema,
 * and such input answers 400 naming the field. A route reading a raw text body (rawTextBody) checks
 * that body itself.
 */
export function registerTextInputGuard(app: FastifyInstance) {
  app.addHook("preValidation", (request, _reply, done) => {
    const field =
      fieldWithNul(request.params) ??
      fieldWithNul(request.query) ??
      (request.routeOptions.config?.rawTextBody === true && typeof request.body === "string"
        ? null
        : fieldWithNul(request.body));
    done(field ? new FieldErrors({ [field]: ["nul_character"] }) : undefined);
  });
}
