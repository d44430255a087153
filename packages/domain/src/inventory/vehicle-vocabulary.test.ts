import { describe, expect, it } from "vitest";
import { vehicleTerm } from "./vehicle-vocabulary.ts";

describe("vehicle vocabulary in French", () => {
  it("translates known equipment and packages, keeps a feed's own French, leaves unknown terms and English alone", () => {
    expect(vehicleTerm("Heated front seats", "fr")).toBe("Sièges avant chauffants");
    expect(vehicleTerm("Winter Package", "fr")).toBe("Groupe Hiver");
    expect(vehicleTerm("Winter Package", "fr", "Ensemble Hiver")).toBe("Ensemble Hiver");
    expect(vehicleTerm("Flux capacitor", "fr")).toBe("Flux capacitor");
    expect(vehicleTerm("Heated front seats", "en")).toBe("Heated front seats");
  });
});
