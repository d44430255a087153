import type { FastifyInstance, FastifyRequest } from "fastify";
import { isFullyAuthenticated } from "../../platform/actor.ts";
import { isApiRequest } from "../../platform/tenant.ts";
import type { ActingContext, ActivityRecorder } from "./service.ts";

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

declare module "fastify" {
  interface FastifyRequest {
    /** Who was acting for whom when the call came in (null: no staff user acting). */
    actingAtStart: ActingContext | null;
    /** The record of this call, once written. */
    activityRecord: { id: number; customerId: number } | null;
  }
}

/** A staff user acting for a customer when the call came in. */
function actingAtStart(request: FastifyRequest): ActingContext | null {
  const { actor, dealership } = request;
  if (actor.kind !== "acting" || !dealership) return null;
  return { dealershipId: dealership.id, dealerUserId: actor.staff.id, customerId: actor.customerId };
}

/** After a call that put a customer beside the staff user (act, add a customer), the session, renewed by it, says so. */
function actingAfter(request: FastifyRequest): ActingContext | null {
  const s = request.session;
  if (!s?.dealerUserId || !s.customerId || !s.dealershipId || !isFullyAuthenticated(s)) return null;
  return { dealershipId: s.dealershipId, dealerUserId: s.dealerUserId, customerId: s.customerId };
}

/** The id of the deal a POST /api/order/ created, read from its answer. */
function createdOrderId(request: FastifyRequest, statusCode: number, payload: unknown): number | null {
  if (request.method !== "POST" || statusCode !== 201 || request.url.split("?")[0] !== "/api/order/" || typeof payload !== "string") return null;
  try {
    const id = (JSON.parse(payload) as { id?: unknown }).id;
    return typeof id === "number" ? id : null;
  } catch {
    return null;
  }
}

/**
 * Records every unsafe API call a staff user makes while acting for a customer: the record is written
 * before validation and the handler run (so a change cannot happen unrecorded, even if the process
 * stops), then completed with the status before the answer leaves. A call that starts acting for a
 * customer (act, or adding a customer) is recorded under that customer once it succeeded.
 */
export function registerActivityRecording(app: FastifyInstance, workspace: Pick<ActivityRecorder, "startRecord" | "finishRecord">) {
  app.decorateRequest("actingAtStart", null);
  app.decorateRequest("activityRecord", null);

  // Once the caller is known (the actor hook runs first), before anything can refuse the call.
  app.addHook("onRequest", async (request) => {
    if (isApiRequest(request) && UNSAFE_METHODS.has(request.method)) request.actingAtStart = actingAtStart(request);
  });

  app.addHook("preValidation", async (request) => {
    const context = request.actingAtStart;
    if (!context) return;
    const path = request.url.split("?")[0]!;
    const id = await workspace.startRecord(context, { method: request.method, path, body: request.body });
    request.activityRecord = { id, customerId: context.customerId };
  });

  app.addHook("onSend", async (request, reply, payload) => {
    if (!isApiRequest(request) || !UNSAFE_METHODS.has(request.method)) return payload;
    try {
      const orderId = createdOrderId(request, reply.statusCode, payload);
      const path = request.url.split("?")[0]!;
      const start = request.actingAtStart;
      if (request.activityRecord) await workspace.finishRecord(request.activityRecord.id, reply.statusCode, orderId);
      else if (start) {
        // Refused before validation (e.g. an unparseable body): nothing ran, but the call is on record.
        await workspace.finishRecord(await workspace.startRecord(start, { method: request.method, path, body: undefined }), reply.statusCode, orderId);
      }
      const after = actingAfter(request);
      if (after && after.customerId !== start?.customerId) {
        // The call started acting for this customer (act, or adding a customer): on their record too.
        const id = await workspace.startRecord(after, { method: request.method, path, body: request.body });
        await workspace.finishRecord(id, reply.statusCode, orderId);
      }
    } catch (error) {
      request.log.error({ err: error }, "could not complete the record of a call made for a customer");
    }
    return payload;
  });
}
