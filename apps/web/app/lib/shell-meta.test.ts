import { describe, expect, it } from "vitest";
import { dealerInfo } from "../testing/fixtures.ts";
import { shellMeta } from "./shell-meta.ts";

describe("the shell's data for a page's title", () => {
  const dealer = dealerInfo();

  it("is found under whichever prefix's shell route matched, with a translator in its language", () => {
    const shell = shellMeta([{ id: "root", data: null }, { id: "shell@fr/:dealerCode", data: { dealer, locale: "fr-ca" } }, { id: "orders@fr/:dealerCode", data: {} }]);
    expect(shell?.dealer.name).toBe("Maple Auto Toronto");
    expect(shell?.locale).toBe("fr-ca");
    expect(shell?.t("orders.title", { dealer: "D" })).not.toBe(shellMeta([{ id: "shell@root", data: { dealer, locale: "en-ca" } }])?.t("orders.title", { dealer: "D" }));
  });

  it("is null when no shell matched or its loader gave no data", () => {
    expect(shellMeta([{ id: "dev-mailbox", data: { dealer, locale: "en-ca" } }])).toBeNull();
    expect(shellMeta([{ id: "shell@root", data: undefined }, undefined])).toBeNull();
    expect(shellMeta([{ id: "shell@root", data: { locale: "en-ca" } }])).toBeNull();
  });
});
