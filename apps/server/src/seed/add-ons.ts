import { type ProtectionPlan } from "@showroom/domain";
import { ACCESSORY_MAKES, ACCESSORY_QUESTIONS, buildAccessoryCatalogue, buildProtectionPlans } from "@showroom/testing";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { accessories, accessoryQuestions, protectionPlans } from "../modules/add-ons/tables.ts";
import { dealerships } from "../modules/dealerships/tables.ts";

/**
 * The demo price sets vary by deductible too; the contract matches a plan on duration and distance only
 * (spec section 5), so each demo plan keeps one deductible (its first) and a deal finds exactly one price.
 */
function oneDeductible(plan: Omit<ProtectionPlan, "id">): Omit<ProtectionPlan, "id"> {
  const deductible = plan.prices_set[0]?.deductible_amount;
  return { ...plan, prices_set: plan.prices_set.filter((entry) => entry.deductible_amount === deductible) };
}

/**
 * The demo add-on catalogue of every dealership that has none yet: accessories for each make it sells, the
 * protection plans of its region, and the accessory questions. Runs on every start, so a database seeded
 * before the catalogue existed gets it too.
 */
export async function seedAddOnCatalogues(db: Db) {
  const all = await db.select().from(dealerships);
  const stocked = new Set((await db.selectDistinct({ id: accessories.dealershipId }).from(accessories)).map((r) => r.id));
  for (const dealership of all.filter((d) => !stocked.has(d.id))) {
    const makes = dealership.profile.oem ? [dealership.profile.oem] : ACCESSORY_MAKES;
    await db.transaction(async (tx) => {
      const catalogue = makes.flatMap((make) => buildAccessoryCatalogue(make));
      await tx.insert(accessories).values(catalogue.map(({ sku, active, ...record }) => ({ dealershipId: dealership.id, sku, active, record })));
      const plans = buildProtectionPlans({ country: dealership.country, province_code: dealership.provinceCode, length_unit: dealership.lengthUnit }).map(oneDeductible);
      for (const { product_code, category, ...record } of plans) {
        const [row] = await tx.insert(protectionPlans).values({ dealershipId: dealership.id, productCode: product_code, category, record: { ...record, prices_set: [] } }).returning({ id: protectionPlans.id });
        const planId = row!.id;
        // Entry ids are the plan's id times 1000 plus the entry's place: stable, and unique across plans.
        const prices_set = record.prices_set.map((entry, i) => ({ ...entry, id: planId * 1000 + i + 1, protection_plan_id: planId }));
        await tx.update(protectionPlans).set({ record: { ...record, prices_set } }).where(eq(protectionPlans.id, planId));
      }
      await tx.insert(accessoryQuestions).values(ACCESSORY_QUESTIONS.map((q, position) => ({ dealershipId: dealership.id, position, question: q.question, questionFr: q.question_fr, answer: q.answer, answerFr: q.answer_fr })));
    });
  }
}
