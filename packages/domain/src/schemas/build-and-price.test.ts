import { describe, expect, it } from "vitest";
import { rav4 } from "../configurator/test-trims.ts";
import { trimResponseSchema, trimSchema } from "./build-and-price.ts";

describe("a trim as a client reads it", () => {
  it("is the wire trim, unchanged, with its prices as the engine's cents", () => {
    const trim = rav4();
    const wire = JSON.parse(JSON.stringify(trimSchema.parse(trim))) as unknown;
    expect(trimResponseSchema.parse(wire)).toEqual(trim);
  });

  it("refuses a price that is not whole cents", () => {
    const wire = JSON.parse(JSON.stringify(rav4())) as { prices: { msrp: number } };
    wire.prices.msrp = 3_290_000.5;
    expect(trimResponseSchema.safeParse(wire).success).toBe(false);
  });
});
