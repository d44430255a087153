import type { FastifyReply, FastifyRequest, FastifySerializerCompiler } from "fastify";

/**
 * The serializer of routes whose answer a view function builds field by field (toVehicleSummary, toVehicle,
 * toDealerInfo): the schema still documents and types the route, but the zod pass that would strip unknown
 * keys protects nothing there, and on the search call it was 30 % of the CPU (npm run bench). Every other
 * route keeps the default, which validates what it sends. The routes' tests check the answer's keys against the schema.
 */
const viewSerializer: FastifySerializerCompiler<unknown> = () => (data) =>
  typeof data === "object" && data !== null && Object.isFrozen(data) ? keptJson(data) : JSON.stringify(data);

/** A frozen answer is one a view keeps and shares between requests (toDealerInfo's): its JSON is written once. */
const jsonOfFrozen = new WeakMap<object, string>();
function keptJson(data: object): string {
  let json = jsonOfFrozen.get(data);
  if (json === undefined) jsonOfFrozen.set(data, (json = JSON.stringify(data)));
  return json;
}

/** What view routes answered this process's pages, by the in-process request (light-my-request's) that asked. */
const answersForPages = new WeakMap<object, unknown>();

/**
 * A page of this process (an internal call) gets a view route's answer as the object the view built: writing it as
 * JSON and reading it back was a tenth of a search page's CPU. The page's loader still reads it with its schema;
 * anything JSON would have changed (a Date, an undefined field) fails that read rather than passing silently.
 */
async function handOverToPage(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (!request.isInternalCall || reply.statusCode !== 200 || typeof payload !== "object" || payload === null) return payload;
  answersForPages.set(request.raw, payload);
  reply.serializer(() => "");
  return payload;
}

/** The options of a route answered by a view (spread into the route's options). */
export const viewRoute = { serializerCompiler: viewSerializer, preSerialization: handOverToPage } as const;

/** The answer a view route handed to the in-process request `raw`, or undefined (then its body is the JSON). */
export const answerForPage = (raw: object): unknown => answersForPages.get(raw);
