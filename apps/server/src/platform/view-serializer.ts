import type { FastifyReply, FastifyRequest, FastifySerializerCompiler } from "fastify";

/**
 * The serializer of routes whose answer a view function builds field by field (toVehicleSummary, toVehicle,
 * toDealerInfo): the schema still documents and types the route, but the zod pass that would strip unknown
 * keys protects nothing there, and on the search call it was 30 % of the CPU (npm run bench). Every other
 * route keeps the default, which validates what it sends. The routes' tests check the answer's keys against the schema.
 */
const viewSerializer: FastifySerializerCompiler<unknown> = () => viewJson;

/** A frozen answer is one a view keeps and shares between requests (toDealerInfo's): its JSON is written once. */
const jsonOfFrozen = new WeakMap<object, string>();
function keptJson(data: object): string {
  let json = jsonOfFrozen.get(data);
  if (json === undefined) jsonOfFrozen.set(data, (json = JSON.stringify(data)));
  return json;
}

/**
 * A view kept and shared between requests (a search card), frozen all through: a change would throw rather than
 * leave its JSON, written once, out of date.
 */
export function keptView<T extends object>(view: T): T {
  for (const value of Object.values(view)) if (typeof value === "object" && value !== null && !Object.isFrozen(value)) keptView(value);
  return Object.freeze(view);
}

const allKept = (value: unknown): value is object[] => Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === "object" && item !== null && Object.isFrozen(item));

/**
 * JSON.stringify's text of an answer, with the JSON of kept views written once: a frozen answer, or a list of them
 * (the cards of a search answer, most of its bytes) at the answer's first level.
 */
export function viewJson(data: unknown): string {
  if (typeof data !== "object" || data === null) return JSON.stringify(data);
  if (Object.isFrozen(data)) return keptJson(data);
  if (Array.isArray(data) || !Object.values(data).some(allKept)) return JSON.stringify(data);
  let json = "";
  for (const [key, value] of Object.entries(data)) {
    if (value === undefined || typeof value === "function" || typeof value === "symbol") continue;
    json += `${json ? "," : "{"}${JSON.stringify(key)}:${allKept(value) ? `[${value.map(keptJson).join(",")}]` : JSON.stringify(value)}`;
  }
  return json ? `${json}}` : "{}";
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
