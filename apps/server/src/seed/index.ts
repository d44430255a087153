import argon2 from "argon2";
import { and, isNotNull, isNull, or } from "drizzle-orm";
import { defaultExteriorColour, STAFF_ROLES, trimModel, type Trim } from "@showroom/domain";
import { buildConfiguratorCatalogue, buildDealerPricing, buildStaffUser, buildVehicle, CATALOGUE, createRandom, type Random } from "@showroom/testing";
import type { Db } from "../db/client.ts";
import { buildPremiumPaints, buildTrims } from "../modules/build-and-price/tables.ts";
import { dealerUsers } from "../modules/dealer-auth/tables.ts";
import { dealershipGroups, dealerships } from "../modules/dealerships/tables.ts";
import { vehicles } from "../modules/inventory/tables.ts";
import { dealershipPricing } from "../modules/pricing/tables.ts";
import { dealershipsService } from "../modules/dealerships/service.ts";
import { inventoryService } from "../modules/inventory/service.ts";
import { pricingService } from "../modules/pricing/service.ts";
import { recomputeStoredPayments } from "../workflows/recompute-payments.ts";
import { seedAddOnCatalogues } from "./add-ons.ts";
import { seedTradeInCatalogue } from "./trade-in-catalogue.ts";
import { dealershipRowValues } from "./dealership-values.ts";
import { vehicleRowValues } from "../modules/inventory/vehicle-values.ts";
import { DEMO_DEALERSHIPS, DEMO_PASSWORD } from "./demo-dealerships.ts";

export const VEHICLES_PER_DEMO_DEALERSHIP = 320;

/** Demo data, deterministic (fixed random seed), written only into an empty database. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  await seedBuildCatalogue(db);
  await seedTradeInCatalogue(db);
  if (((await db.$count(dealerships)) as number) > 0) {
    await seedAddOnCatalogues(db);
    await priceMissingAdvertisedTerms(db);
    return false;
  }
  const random = createRandom(20261121);
  // A stream of its own, so the build-and-price vehicles leave the rest of the demo stock as it was.
  const buildRandom = createRandom(20261122);
  const catalogue = buildConfiguratorCatalogue();
  // One hash for every demo sign-in: argon2 is slow on purpose.
  const passwordHash = await argon2.hash(DEMO_PASSWORD, { type: argon2.argon2id });

  await db.transaction(async (tx) => {
    const groupIds = new Map<string, number>();
    for (const spec of DEMO_DEALERSHIPS) {
      if (spec.group && !groupIds.has(spec.group.uid)) {
        const [g] = await tx.insert(dealershipGroups).values(spec.group).returning();
        groupIds.set(spec.group.uid, g!.id);
      }
      const [dealership] = await tx
        .insert(dealerships)
        .values(dealershipRowValues(spec, spec.group ? groupIds.get(spec.group.uid)! : null))
        .returning();
      const id = dealership!.id;
      await tx.insert(dealershipPricing).values({ dealershipId: id, ...buildDealerPricing(spec.province_code) });

      const staff = STAFF_ROLES.filter((r) => r.startsWith("dealer_")).map((role) =>
        buildStaffUser({ email: `${role.replace("dealer_", "").replace("_", "-")}@${spec.code}.example`, role }),
      );
      await tx.insert(dealerUsers).values(staff.map((s) => ({ ...s, dealershipId: id, passwordHash })));

      const makes = spec.profile.oem ? [spec.profile.oem] : undefined;
      const stock = Array.from({ length: VEHICLES_PER_DEMO_DEALERSHIP }, () =>
        buildVehicle(random, {}, { makes, unit: spec.length_unit }),
      );
      for (let i = 0; i < stock.length; i += 200) {
        await tx.insert(vehicles).values(stock.slice(i, i + 200).map((v) => vehicleRowValues(id, v)));
      }
      const configurable = catalogue.filter((trim) => !spec.profile.oem || trim.make === spec.profile.oem);
      await tx.insert(vehicles).values(configurable.map((trim) => vehicleRowValues(id, { ...factoryOrderVehicle(buildRandom, trim), jatoId: String(trim.unhaggle_trim_id) })));
    }
    // Organization-level staff belong to the group, not to one dealership.
    const mapleGroupId = groupIds.get("group-maple")!;
    await tx.insert(dealerUsers).values(
      [
        buildStaffUser({ email: "org-assistant@maple-group.example", role: "organization_assistant" }),
        buildStaffUser({ email: "org-admin@maple-group.example", role: "organization_admin" }),
        buildStaffUser({ email: "super-admin@showroom.example", role: "super_admin" }),
      ].map((s) => ({ ...s, groupId: s.role === "super_admin" ? null : mapleGroupId, isSuperAdmin: s.role === "super_admin", passwordHash })),
    );
  });
  await priceStoredPayments(db);
  await seedAddOnCatalogues(db);
  return true;
}

/**
 * The build-and-price catalogue (manufacturer data, shared by every dealership) and the premium-paint
 * charge codes of each make; written when missing, so an existing database gets it too.
 */
export async function seedBuildCatalogue(db: Db) {
  if (((await db.$count(buildTrims)) as number) > 0) return;
  const catalogue = buildConfiguratorCatalogue();
  await db.insert(buildTrims).values(
    catalogue.map((trim) => ({
      unhaggleTrimId: trim.unhaggle_trim_id,
      year: trim.year,
      make: trim.make,
      model: trim.model,
      trim: trim.trim,
      msrpCents: trim.prices.msrp,
      options: trim.options,
      trimColors: trim.trim_colors,
    })),
  );
  const paints = catalogue.flatMap((trim) => trimModel(trim).premiumPriceOptions.map((option) => ({ oem: trim.make, code: option.code })));
  if (paints.length) await db.insert(buildPremiumPaints).values(paints).onConflictDoNothing();
}

/** A new vehicle to be built to order from a catalogue trim: priced at the trim's MSRP, in its default colour. */
function factoryOrderVehicle(random: Random, trim: Trim) {
  const colourCode = defaultExteriorColour(trim);
  const model = trimModel(trim);
  const colour = colourCode ? model.optionsByCode.get(colourCode) : undefined;
  const record = colourCode ? model.coloursByCode.get(colourCode) : undefined;
  const body = CATALOGUE.find((m) => m.make === trim.make && m.model === trim.model)?.body ?? "Other";
  return buildVehicle(random, {
    stockNumber: `BP-${trim.unhaggle_trim_id}`,
    year: trim.year,
    make: trim.make,
    model: trim.model,
    trim: trim.trim,
    condition: "New",
    isCertified: false,
    stockStatus: "I",
    bodyType: body,
    exteriorColor: colour?.name ?? "Other",
    exteriorColorNormalized: record?.simple_value ?? "Other",
    msrpCents: trim.prices.msrp,
    priceCents: trim.prices.msrp,
    freightCents: random.pick([185_000, 199_500, 210_000]),
    pdiCents: random.pick([35_000, 49_900]),
    odometer: random.int(5, 40),
    packages: [],
    description: `${trim.year} ${trim.make} ${trim.model} ${trim.trim}, built to order: choose its colours, packages and options.`,
    inStockDate: "2026-11-02",
    arrivalDate: null,
  });
}

/**
 * A database whose vehicles were priced before they kept the terms their payments are advertised with (migration
 * 0024) has them priced again once, at start-up.
 */
async function priceMissingAdvertisedTerms(db: Db) {
  const priced = or(isNotNull(vehicles.cashPaymentCents), isNotNull(vehicles.financePaymentCents), isNotNull(vehicles.leasePaymentCents));
  if (((await db.$count(vehicles, and(isNull(vehicles.advertisedTerms), priced))) as number) > 0) await priceStoredPayments(db);
}

/** Every dealership's vehicles get their stored payments, as an import would give them. */
export async function priceStoredPayments(db: Db) {
  const inventory = inventoryService(db);
  const pricing = pricingService(db);
  for (const dealership of await dealershipsService(db).all()) await recomputeStoredPayments({ inventory, pricing }, dealership);
}
