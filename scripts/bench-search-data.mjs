// The search bench's data: 100,000 vehicles across 50 dealerships of one group, the same every run,
// written into a fresh database the way the seed writes (the pricing bench loads the same data).
import path from "node:path";
import { pathToFileURL } from "node:url";
import { getTableColumns, getTableName, sql } from "drizzle-orm";
import { CasingCache } from "drizzle-orm/casing";

export const DEALERSHIPS = 50;
const VEHICLES_PER_DEALERSHIP = 2_000;
const SEED = 20260401;
const BATCH = 1_000;

/** Ontario and Quebec cities; each appears once or twice, a little apart. */
const CITIES = [
  ["Toronto", "ON", 43.6532, -79.3832], ["Ottawa", "ON", 45.4215, -75.6972], ["Mississauga", "ON", 43.589, -79.6441],
  ["Hamilton", "ON", 43.2557, -79.8711], ["London", "ON", 42.9849, -81.2453], ["Kitchener", "ON", 43.4516, -80.4925],
  ["Windsor", "ON", 42.3149, -83.0364], ["Barrie", "ON", 44.3894, -79.6903], ["Kingston", "ON", 44.2312, -76.486],
  ["Sudbury", "ON", 46.4917, -80.993], ["Thunder Bay", "ON", 48.3809, -89.2477], ["Peterborough", "ON", 44.3091, -78.3197],
  ["Oshawa", "ON", 43.8971, -78.8658], ["St. Catharines", "ON", 43.1594, -79.2469], ["Guelph", "ON", 43.5448, -80.2482],
  ["Sault Ste. Marie", "ON", 46.5219, -84.3461], ["North Bay", "ON", 46.3091, -79.4608], ["Cornwall", "ON", 45.0213, -74.7303],
  ["Montréal", "QC", 45.5017, -73.5673], ["Québec", "QC", 46.8139, -71.208], ["Laval", "QC", 45.6066, -73.7124],
  ["Gatineau", "QC", 45.4765, -75.7013], ["Longueuil", "QC", 45.5312, -73.5181], ["Sherbrooke", "QC", 45.4042, -71.8929],
  ["Trois-Rivières", "QC", 46.3432, -72.5477], ["Saguenay", "QC", 48.428, -71.0686], ["Drummondville", "QC", 45.8833, -72.4834],
  ["Rimouski", "QC", 48.4489, -68.523], ["Saint-Jérôme", "QC", 45.7804, -74.0036], ["Granby", "QC", 45.4, -72.7333],
];
/** Brand dealerships stock one make (as the demo seed does); every eighth sells every make. */
const OEMS = ["Toyota", "Honda", "Ford", "Chevrolet", "Volkswagen", "Hyundai", "Kia", null];

export const code = (i) => `bench-${String(i + 1).padStart(2, "0")}`;
export const uid = (i) => `dealer-${code(i)}`;

export async function loadModules(root) {
  const { register } = await import("tsx/esm/api");
  register();
  const at = (file) => import(pathToFileURL(path.join(root, file)).href);
  const [testing, client, dealershipTables, inventoryTables, values, dealershipValues] = await Promise.all([
    at("packages/testing/src/index.ts"),
    at("apps/server/src/db/client.ts"),
    at("apps/server/src/modules/dealerships/tables.ts"),
    at("apps/server/src/modules/inventory/tables.ts"),
    at("apps/server/src/modules/inventory/vehicle-values.ts"),
    at("apps/server/src/seed/dealership-values.ts"),
  ]);
  return { ...testing, ...client, ...dealershipTables, ...inventoryTables, ...values, ...dealershipValues };
}

/** The 50 dealerships and their 100,000 vehicles, the same every run. */
export function generate(m) {
  const random = m.createRandom(SEED);
  const group = { uid: "group-bench", name: "Bench Auto Group" };
  return Array.from({ length: DEALERSHIPS }, (_, i) => {
    const [city, province, lat, lng] = CITIES[i % CITIES.length];
    const oem = OEMS[i % OEMS.length];
    const spec = m.buildDealership({
      uid: uid(i),
      code: code(i),
      name: `Bench ${oem ?? "Auto"} ${city} ${i + 1}`,
      group,
      province_code: province,
      allowed_languages: province === "QC" ? ["fr-ca", "en-ca"] : ["en-ca", "fr-ca"],
      geo_coords: { lat: lat + random.int(-50, 50) / 1000, lng: lng + random.int(-50, 50) / 1000 },
      profile: { oem, full_address: `${100 + i} Bench Road, ${city}, ${province}` },
    });
    const makes = oem ? [oem] : undefined;
    const stock = Array.from({ length: VEHICLES_PER_DEALERSHIP }, () => m.buildVehicle(random, {}, { makes, unit: "km" }));
    return { spec, stock };
  });
}

/**
 * A multi-row INSERT of rows built by vehicleRowValues, with drizzle's own column names and driver
 * values (drizzle's query builder is the slow part of 100,000 rows, not the database). Columns a row
 * leaves out get their defaults, as they would through drizzle.
 */
async function insertRows(client, table, rows) {
  const keys = Object.keys(rows[0]);
  const all = getTableColumns(table);
  const columns = keys.map((key) => {
    if (!all[key]) throw new Error(`no column for ${key}`);
    return [key, all[key]];
  });
  const casing = new CasingCache("snake_case");
  const names = columns.map(([, column]) => `"${casing.getColumnCasing(column)}"`).join(", ");
  const params = [];
  const tuples = rows.map((row) => {
    if (Object.keys(row).length !== keys.length) throw new Error("rows of one insert must have the same fields");
    const placeholders = columns.map(([key, column]) => {
      const value = row[key];
      if (value === undefined) throw new Error(`${key} is undefined`);
      params.push(value === null ? null : column.mapToDriverValue(value));
      return `$${params.length}`;
    });
    return `(${placeholders.join(", ")})`;
  });
  await client.query(`insert into "${getTableName(table)}" (${names}) values ${tuples.join(", ")}`, params);
}

/** Migrates, then writes the bench data the way the seed does (so the demo seed never runs), then ANALYZE. */
export async function load(m, data, options) {
  const database = await m.openDatabase(options);
  await database.migrate();
  const [group] = await database.db.insert(m.dealershipGroups).values(data[0].spec.group).returning();
  for (const { spec, stock } of data) {
    const [dealership] = await database.db
      .insert(m.dealerships)
      .values(m.dealershipRowValues(spec, group.id))
      .returning();
    for (let i = 0; i < stock.length; i += BATCH) {
      await insertRows(database.db.$client, m.vehicles, stock.slice(i, i + BATCH).map((v) => m.vehicleRowValues(dealership.id, v)));
    }
  }
  await database.db.execute(sql`analyze`);
  await database.close();
}
