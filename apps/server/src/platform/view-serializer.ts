import type { FastifyReply, FastifyRequest, FastifySerializerCompiler } from "fastify";

/**
 * The serializer of routes whose answer a view function builds field by field (toVehicleSummary, toVehicle,
 * toDealerInfo): the schema still documents and types the route, but the zod pass that would strip unknown
 * keys protects nothing there, and on the search call it was 30 % of the CPU (npm run bench). Every other
 * route keeps the default, which validates what it sends. The routes' tests check the answer's keys against the schema.
 */
// Fastify's types ask a serializer for a string; it sends a Buffer as it is (and sets its length) just the same.
const viewSerializer: FastifySerializerCompiler<unknown> = () => viewBody as (data: unknown) => string;

/**
 * A frozen answer is one a view keeps and shares between requests (toDealerInfo's, a search card): its JSON is written
 * once, as the bytes sent.
 */
const bodyOfFrozen = new WeakMap<object, Buffer>();
function keptBody(data: object): Buffer {
  let body = bodyOfFrozen.get(data);
  if (body === undefined) bodyOfFrozen.set(data, (body = Buffer.from(JSON.stringify(data))));
  return body;
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
 * JSON.stringify's text of an answer, as the bytes sent when it holds kept views: a frozen answer, or lists of them
 * (the cards of a search answer, most of its bytes) at the answer's first level. The kept views' bytes are written
 * once and copied into the answer; as one string they were joined, flattened and encoded again for every answer,
 * about a third of what a new search allocated (npm run bench).
 */
export function viewBody(data: unknown): string | Buffer {
  if (typeof data !== "object" || data === null) return JSON.stringify(data);
  if (Object.isFrozen(data)) return keptBody(data);
  if (Array.isArray(data) || !Object.values(data).some(allKept)) return JSON.stringify(data);
  // Text as strings, kept lists as their views' bytes (written as a JSON array), in order.
  const parts: (string | Buffer[])[] = [];
  let length = 0;
  let text = "{";
  let first = true;
  for (const [key, value] of Object.entries(data)) {
    if (value === undefined || typeof value === "function" || typeof value === "symbol") continue;
    text += `${first ? "" : ","}${JSON.stringify(key)}:`;
    first = false;
    if (!allKept(value)) {
      text += JSON.stringify(value);
      continue;
    }
    parts.push(text);
    length += Buffer.byteLength(text);
    text = "";
    const views = value.map(keptBody);
    parts.push(views);
    for (const view of views) length += view.length + 1; // each view and its "[", or the "," before it
    length += 1; // "]"
  }
  text += "}";
  parts.push(text);
  length += Buffer.byteLength(text);
  const body = Buffer.allocUnsafe(length);
  let offset = 0;
  for (const part of parts) {
    if (typeof part === "string") {
      offset += body.write(part, offset);
      continue;
    }
    part.forEach((view, i) => {
      body[offset++] = i === 0 ? OPEN_BRACKET : COMMA;
      offset += view.copy(body, offset);
    });
    body[offset++] = CLOSE_BRACKET;
  }
  return body;
}

const OPEN_BRACKET = 0x5b;
const COMMA = 0x2c;
const CLOSE_BRACKET = 0x5d;

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
