import type { FastifySerializerCompiler } from "fastify";

/**
 * The serializer of routes whose answer a view function builds field by field (toVehicleSummary, toVehicle,
 * toDealerInfo): the schema still documents and types the route, but the zod pass that would strip unknown
 * keys protects nothing there, and on the search call it was 30 % of the CPU (npm run bench). Every other
 * route keeps the default, which validates what it sends. The routes' tests check the answer's keys against the schema.
 */
export const viewSerializer: FastifySerializerCompiler<unknown> = () => (data) => JSON.stringify(data);
