import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { searchQueryFromParams, SEARCH_FEATURES, SEARCH_SORTS, STOCK_TYPES } from "@showroom/domain";
import type { Database } from "../../db/client.ts";
import { freshDatabase } from "../../test/test-app.ts";
import { dealerships } from "../dealerships/tables.ts";
import { countedFacets, orderedIds, searchSnapshot, type SearchSnapshot } from "./search-index.ts";
import { buildFacets } from "./facets.ts";
import { inventoryRepo } from "./repo.ts";

let database: Database;
let drop: () => Promise<void>;
let scopes: number[][];
const snapshots = new Map<number, SearchSnapshot>();
beforeAll(async () => {
  ({ database, drop } = await freshDatabase({ seeded: true }));
  const repo = inventoryRepo(database.db);
  const ids = (await database.db.select({ id: dealerships.id }).from(dealerships)).map((d) => d.id);
  for (const id of ids) snapshots.set(id, searchSnapshot(await repo.searchSources(id)));
  scopes = [[ids[0]!], [ids[1]!], ids.slice(0, 3), ids];
  expect((await database.db.select().from(dealerships).where(eq(dealerships.id, ids[0]!))).length).toBe(1);
});
afterAll(async () => {
  await database?.close();
  await drop?.();
});

const texts = ["toyota", "rav4", "Honda", "CIVIC", "sport", "le", "awd", "2024 ford", "%", "_x"];
const makes = ["Toyota", "honda", "FORD", "Hyundai", "Kia", "Nissan", "Volkswagen", "Mazda", "Tesla"];
const bodies = ["SUV", "Sedan", "pickup truck", "Hatchback", "Coupe", "Minivan", "Van", "Convertible"];
const colours = ["Black", "white", "Red", "Blue", "Grey", "Silver", "Green", "Other"];
const drivetrains = ["AWD", "FWD", "RWD", "4WD"];
const fuels = ["Gasoline", "Hybrid", "Electric", "Diesel"];

/** A filter set about one time in five, as a shopper leaves most of them alone. */
const rarely = <T>(arbitrary: fc.Arbitrary<T>) => fc.oneof({ weight: 4, arbitrary: fc.constant(null) }, { weight: 1, arbitrary });
const someOf = <T>(values: readonly T[]) => fc.oneof({ weight: 4, arbitrary: fc.constant([] as T[]) }, { weight: 1, arbitrary: fc.subarray([...values], { minLength: 1, maxLength: 2 }) });

/** Random filter sets over the demo inventory. */
const queries = fc
  .record({
    query: rarely(fc.constantFrom(...texts)),
    condition: rarely(fc.constantFrom("new", "used", "cpo")),
    make: rarely(fc.constantFrom(...makes)),
    bodyType: someOf(bodies),
    exteriorColor: someOf(colours),
    drivetrain: someOf(drivetrains),
    fuelType: someOf(fuels),
    stockType: someOf([...STOCK_TYPES]),
    features: someOf([...SEARCH_FEATURES]),
    minYear: rarely(fc.integer({ min: 2015, max: 2027 })),
    maxMileage: rarely(fc.integer({ min: 0, max: 150_000 })),
    paymentType: fc.constantFrom("cash", "finance", "lease"),
    maxPayment: rarely(fc.integer({ min: 100, max: 90_000 })),
    minPayment: rarely(fc.integer({ min: 100, max: 600 })),
    sort: fc.constantFrom(...SEARCH_SORTS),
  })
  .map((r) => {
    const params = new URLSearchParams({ paymentType: r.paymentType, sort: r.sort });
    for (const key of ["query", "condition", "make", "minYear", "maxMileage", "maxPayment", "minPayment"] as const) if (r[key] !== null) params.set(key, String(r[key]));
    for (const key of ["bodyType", "exteriorColor", "drivetrain", "fuelType", "stockType", "features"] as const) for (const value of r[key]) params.append(key, value);
    return searchQueryFromParams(params);
  });

it("counts the same facets in memory as the facet query, on random filter sets over one, two, three and every dealership", async () => {
  const repo = inventoryRepo(database.db);
  let withMatches = 0;
  await fc.assert(
    fc.asyncProperty(queries, fc.integer({ min: 0, max: 3 }), async (query, s) => {
      const scope = scopes[s]!;
      const fromSql = buildFacets(await repo.facetCounts(scope, query), query);
      const inMemory = countedFacets(scope.map((id) => snapshots.get(id)!), query);
      expect(inMemory).toEqual(fromSql);
      if (fromSql.count > 0) withMatches += 1;
    }),
    { numRuns: 150, seed: 20261125 },
  );
  // Not a test of empty lists: most of the random searches find vehicles.
  expect(withMatches).toBeGreaterThan(60);
});

it("orders the first 200 matches in memory as the search query does, for every sort (distance ties included)", async () => {
  const repo = inventoryRepo(database.db);
  let withMatches = 0;
  await fc.assert(
    fc.asyncProperty(queries, fc.integer({ min: 0, max: 3 }), fc.array(fc.constantFrom(0, 12.3456, 12.3459, 80.5), { minLength: 8, maxLength: 8 }), async (query, s, kms) => {
      const scope = scopes[s]!;
      const distances = new Map(scope.map((id, n) => [id, kms[n % kms.length]!]));
      const fromSql = await repo.searchIds(scope, query, distances, 200);
      const inMemory = orderedIds(
        scope.map((id) => snapshots.get(id)!),
        query,
        (n) => Number(distances.get(scope[n]!)!.toFixed(3)),
        200,
      );
      expect(inMemory).toEqual(fromSql);
      if (fromSql.length > 1) withMatches += 1;
    }),
    { numRuns: 150, seed: 20261125 },
  );
  // Not a test of empty lists: most of the random searches find vehicles to order.
  expect(withMatches).toBeGreaterThan(60);
});
