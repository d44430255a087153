import type { DealershipRow } from "../dealerships/service.ts";
import { parseInventoryFeed, type FeedVehicle } from "@showroom/domain";
import type { Db } from "../../db/client.ts";
import { inventoryRepo, type NewVehicleRow, type VehicleRow } from "./repo.ts";
import type { ImportRejection } from "./tables.ts";
import { vehicleRowValues, type VehicleInput } from "./vehicle-values.ts";

export type ImportReport = {
  id: number;
  source: string;
  full_feed: boolean;
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  marked_unavailable: number;
  rejected: ImportRejection[];
  warnings: { line: number; message: string }[];
};

export type ImportInput = { dealershipId: number; csv: string; fullFeed: boolean; source: string };

/** Imports a dealer's feed; a feed that changed vehicles has their stored payments priced again (the API route and the CLI alike). */
export type InventoryImports = {
  importFeed(dealership: DealershipRow, input: Omit<ImportInput, "dealershipId">): Promise<ImportReport & { repriced: number }>;
};

export class FeedRefused extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join(" "));
  }
}

function inputFromFeed(row: FeedVehicle): VehicleInput {
  return {
    vin: row.vin,
    stockNumber: row.stockNumber,
    modelCode: row.modelCode,
    year: row.year,
    make: row.make,
    model: row.model,
    trim: row.trim,
    condition: row.condition,
    isCertified: row.isCertified,
    stockStatus: row.stockStatus,
    bodyType: row.bodyType,
    exteriorColor: row.exteriorColor,
    exteriorColorNormalized: row.exteriorColorNormalized,
    interiorColor: row.interiorColor,
    fuelType: row.fuelType,
    drivetrain: row.drivetrain,
    transmission: row.transmission,
    odometer: row.odometer,
    msrpCents: row.msrpCents,
    priceCents: row.priceCents,
    freightCents: row.freightCents,
    pdiCents: row.pdiCents,
    dealerFeeCents: row.dealerFeeCents,
    images: row.images,
    features: row.features,
    description: row.description,
    inStockDate: row.inStockDate,
    available: true,
  };
}

/** The fields of `next` that differ from the stored row; empty when the feed row changes nothing. */
function changedFields(existing: VehicleRow, next: NewVehicleRow): Partial<NewVehicleRow> {
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next)) {
    if (key === "uid" || key === "dealershipId") continue;
    const current = (existing as Record<string, unknown>)[key];
    if (JSON.stringify(current ?? null) !== JSON.stringify(value ?? null)) changes[key] = value;
  }
  return changes as Partial<NewVehicleRow>;
}

export function inventoryImportService(db: Db, now: () => Date = () => new Date()) {
  const repo = inventoryRepo(db);
  return {
    /**
     * Upserts a dealer feed by VIN. A full feed also marks the dealership's vehicles it no longer
     * lists as unavailable (never deleted: saved deals and shared links still point at them).
     * Everything happens in one transaction, so a failure leaves the previous inventory untouched.
     */
    async importFeed(input: ImportInput): Promise<ImportReport> {
      const parsed = parseInventoryFeed(input.csv, now());
      if (parsed.headerErrors.length) throw new FeedRefused(parsed.headerErrors);
      if (input.fullFeed && parsed.rows.length === 0) {
        throw new FeedRefused(["The feed has no valid vehicle rows, so nothing was changed (a full feed would have emptied the showroom)."]);
      }
      const existing = await repo.byVin(input.dealershipId, parsed.rows.map((r) => r.vin));
      const inserts: NewVehicleRow[] = [];
      const updates: { id: number; values: NewVehicleRow }[] = [];
      let unchanged = 0;
      for (const row of parsed.rows) {
        const values = vehicleRowValues(input.dealershipId, inputFromFeed(row));
        const current = existing.get(row.vin);
        if (!current) {
          inserts.push(values);
          continue;
        }
        if (Object.keys(changedFields(current, values)).length) updates.push({ id: current.id, values });
        else unchanged += 1;
      }
      // A row refused for bad data is still listed by the dealer: it must not vanish from the showroom.
      const listed = new Set([...parsed.rows.map((r) => r.vin), ...parsed.rejected.flatMap((r) => (r.vin ? [r.vin] : []))]);
      const unavailableVins = input.fullFeed ? (await repo.availableVins(input.dealershipId)).filter((vin) => !listed.has(vin)) : [];
      const rejected = parsed.rejected.map(({ line, vin, field, reason }) => ({ line, vin, field, reason }));
      const record = await repo.applyImport({
        dealershipId: input.dealershipId,
        inserts,
        updates,
        unavailableVins,
        record: {
          dealershipId: input.dealershipId,
          source: input.source,
          fullFeed: input.fullFeed,
          rowCount: parsed.rows.length + parsed.rejected.length,
          created: inserts.length,
          updated: updates.length,
          unchanged,
          markedUnavailable: unavailableVins.length,
          rejected,
        },
      });
      return {
        id: record.id,
        source: record.source,
        full_feed: record.fullFeed,
        rows: record.rowCount,
        created: record.created,
        updated: record.updated,
        unchanged: record.unchanged,
        marked_unavailable: record.markedUnavailable,
        rejected,
        warnings: parsed.warnings,
      };
    },
  };
}
export type InventoryImportService = ReturnType<typeof inventoryImportService>;
