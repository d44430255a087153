import { apiMessage, languageOf, localizeValidationMessage, type ApiMessageKey } from "@showroom/domain";
import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { FieldErrors, HttpError, SchemaErrors } from "./http-errors.ts";
import { negotiateLocale } from "./language.ts";
import { isApiRequest } from "./tenant.ts";

type Issue = { instancePath: string; message?: string; params?: Record<string, unknown> };

/** "/body/address/0/line" style paths become the DRF field name "address.0.line". */
function fieldName(issue: Issue, part: string | undefined) {
  const path = issue.instancePath.replace(/^\//, "").split("/").filter(Boolean).join(".");
  if (path) return path;
  const missing = issue.params?.["missingProperty"];
  if (typeof missing === "string") return missing;
  return part === "headers" || part === "body" ? "non_field_errors" : (part ?? "non_field_errors");
}

function validationBody(request: FastifyRequest, issues: Issue[], part: string | undefined) {
  const body: Record<string, string[]> = {};
  const language = languageOf(request.locale);
  for (const issue of issues) {
    const name = fieldName(issue, part);
    // zod's own "expected string, received undefined" means the field is missing; so does the
    // catalogue's English "This field is required." that shared schemas carry, which must be translated too.
    const missing =
      !issue.message || /received undefined/i.test(issue.message) || issue.message === apiMessage("field_required", "en");
    const message = missing || !issue.message ? apiMessage("field_required", language) : localizeValidationMessage(issue.message, language);
    (body[name] ??= []).push(message);
  }
  return body;
}

/** DRF-style bodies for every failure; a stack trace never leaves the server. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A failure in an earlier onRequest hook (tenant, expired session, rate limit) skips the language
    // hook; negotiating here too keeps those messages in the visitor's language.
    request.locale = negotiateLocale(request);
    const t = (key: ApiMessageKey, values?: Record<string, string | number>) =>
      apiMessage(key, languageOf(request.locale ?? "en-ca"), values);

    if (error instanceof HttpError) {
      const detail = t(error.key, error.values);
      return reply.status(error.statusCode).send({ detail, ...(error.asNonFieldErrors && { non_field_errors: [detail] }), ...error.extra });
    }
    if (error instanceof FieldErrors) {
      const body: Record<string, unknown> = {};
      for (const [field, keys] of Object.entries(error.fields)) body[field] = keys.map((k) => (typeof k === "string" ? t(k) : t(k.key, k.values)));
      if (error.code) body["code"] = error.code;
      return reply.status(400).send(body);
    }
    if (error instanceof SchemaErrors) {
      const issues = error.issues.map((i) => ({ instancePath: `/${i.path.map(String).join("/")}`, message: i.message }));
      return reply.status(400).send(validationBody(request, issues, "body"));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(validationBody(request, error.validation as Issue[], error.validationContext));
    }
    if (error.validation) {
      return reply.status(400).send(validationBody(request, error.validation as Issue[], error.validationContext));
    }
    switch (error.code) {
      case "FST_ERR_CTP_INVALID_JSON_BODY":
      case "FST_ERR_CTP_EMPTY_JSON_BODY":
        return reply.status(400).send({ detail: t("json_parse_error") });
      case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
        return reply.status(415).send({ detail: t("unsupported_media_type") });
      case "FST_ERR_CTP_BODY_TOO_LARGE":
        return reply.status(413).send({ detail: t("body_too_large") });
    }
    if (error.statusCode === 429) {
      const seconds = Math.max(1, Math.ceil(Number(reply.getHeader("retry-after") ?? 60)));
      return reply.status(429).send({ detail: t("throttled", { seconds }) });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ detail: t("invalid_value") });
    }
    if (isResponseSerializationError(error)) request.log.error({ err: error, issues: error.cause }, "response failed its schema");
    else request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send({ detail: t("something_went_wrong") });
  });

  // Only /api/ is answered here: every other unknown path belongs to the web app's not-found page.
  app.all("/api/*", { config: { tenant: false }, schema: { hide: true } }, async (request, reply) => {
    if (!isApiRequest(request)) return reply.status(404).send({ detail: "Not found." });
    return reply.status(404).send({ detail: apiMessage("not_found", languageOf(request.locale)) });
  });
}
