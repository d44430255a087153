import argon2 from "argon2";
import { STAFF_ROLES } from "@showroom/domain";
import { buildDealerPricing, buildStaffUser, buildVehicle, createRandom } from "@showroom/testing";
import type { Db } from "../db/client.ts";
import { dealerUsers } from "../modules/dealer-auth/tables.ts";
import { dealershipGroups, dealerships } from "../modules/dealerships/tables.ts";
import { vehicles } from "../modules/inventory/tables.ts";
import { dealershipPricing } from "../modules/pricing/tables.ts";
import { dealershipsService } from "../modules/dealerships/service.ts";
import { inventoryService } from "../modules/inventory/service.ts";
import { pricingService } from "../modules/pricing/service.ts";
import { recomputeStoredPayments } from "../workflows/recompute-payments.ts";
import { dealershipRowValues } from "./dealership-values.ts";
import { vehicleRowValues } from "../modules/inventory/vehicle-values.ts";
import { DEMO_DEALERSHIPS, DEMO_PASSWORD } from "./demo-dealerships.ts";

export const VEHICLES_PER_DEMO_DEALERSHIP = 320;

/** Demo data, deterministic (fixed random seed), written only into an empty database. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  if (((await db.$count(dealerships)) as number) > 0) return false;
  const random = createRandom(20261121);
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
  return true;
}

/** Every dealership's vehicles get their stored payments, as an import would give them. */
export async function priceStoredPayments(db: Db) {
  const inventory = inventoryService(db);
  const pricing = pricingService(db);
  for (const dealership of await dealershipsService(db).all()) await recomputeStoredPayments({ inventory, pricing }, dealership);
}
