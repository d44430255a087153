import { trimModel, type Cents, type Trim, type TrimModel } from "@showroom/domain";
import type { buildAndPriceRepo } from "./repo.ts";
import type { ConfigurableVehicle } from "./vehicles.ts";

type Repo = Pick<ReturnType<typeof buildAndPriceRepo>, "allTrims" | "allPremiumPaints">;
type Loaded = { trims: Map<number, Trim>; premiumPaints: Map<string, string[]> };

/**
 * The manufacturers' catalogue, read once per process: one Trim object per trim, so the engine's compiled
 * rules (cached per Trim object) are built once. A failed read is retried on the next call.
 */
export function buildCatalogue(repo: Repo) {
  let load: Promise<Loaded> | null = null;
  const models = new WeakMap<Trim, TrimModel>();

  function loaded(): Promise<Loaded> {
    load ??= (async () => {
      const [trimRows, paintRows] = await Promise.all([repo.allTrims(), repo.allPremiumPaints()]);
      const trims = new Map<number, Trim>();
      for (const row of trimRows) {
        trims.set(row.unhaggleTrimId, {
          unhaggle_trim_id: row.unhaggleTrimId,
          year: row.year,
          make: row.make,
          model: row.model,
          trim: row.trim,
          prices: { msrp: row.msrpCents as Cents },
          options: row.options,
          trim_colors: row.trimColors,
        });
      }
      const premiumPaints = new Map<string, string[]>();
      for (const row of paintRows) premiumPaints.set(row.oem.toLowerCase(), [...(premiumPaints.get(row.oem.toLowerCase()) ?? []), row.code]);
      return { trims, premiumPaints };
    })().catch((error: unknown) => {
      load = null;
      throw error;
    });
    return load;
  }

  async function premiumCodesOf(make: string): Promise<string[]> {
    return (await loaded()).premiumPaints.get(make.toLowerCase()) ?? [];
  }

  async function trimById(id: number): Promise<Trim | null> {
    return (await loaded()).trims.get(id) ?? null;
  }

  return {
    premiumCodesOf,
    trimById,

    /** The trim's options indexed and grouped for the configurator (built once per trim). */
    async modelOf(trim: Trim): Promise<TrimModel> {
      let model = models.get(trim);
      if (!model) {
        model = trimModel(trim, await premiumCodesOf(trim.make));
        models.set(trim, model);
      }
      return model;
    },

    /** The catalogue trim a vehicle names by its JATO id, or null. */
    async trimOfVehicle(vehicle: Pick<ConfigurableVehicle, "jatoId">): Promise<Trim | null> {
      if (!vehicle.jatoId || !/^\d{1,9}$/.test(vehicle.jatoId)) return null;
      return trimById(Number(vehicle.jatoId));
    },

    /** The trims of one model year, make and model (names compared without case). */
    async trimsOfModel(year: number, make: string, model: string): Promise<Trim[]> {
      const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
      return [...(await loaded()).trims.values()].filter((t) => t.year === year && same(t.make, make) && same(t.model, model));
    },
  };
}
export type BuildCatalogue = ReturnType<typeof buildCatalogue>;
