import { configurationState, trimModel, type Trim } from "@showroom/domain";
import { buildConfiguratorCatalogue } from "@showroom/testing";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { I18nContext, translator } from "../../i18n/index.ts";
import { catalogues } from "../../testing/catalogues.ts";
import { configQuery } from "./build-api.ts";
import { BUILD_STATES_KEY, forgetBuildState, storeBuildState, storedBuildState } from "./build-storage.ts";
import { BuildSummary } from "./build-summary.tsx";
import { buildTranslator } from "./i18n.ts";
import en from "./messages/en.json";
import fr from "./messages/fr.json";
import type { BuildApi } from "./build-api.ts";
import { OptionChoices } from "./option-choices.tsx";
import { PostDepositBar } from "./post-deposit-bar.tsx";
import { postDepositCatalogues } from "./post-deposit-i18n.ts";
import { switchTrim } from "./switch-trim.ts";

const rav4 = buildConfiguratorCatalogue()[0] as Trim;
const NBSP = "\u00a0";

class MemoryStorage {
  private items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}
afterEach(() => vi.unstubAllGlobals());

describe("the config query", () => {
  it("sends the selection as a comma list, then the change; a swap is the new code then the old one", () => {
    expect(configQuery(["040", "FB20"])).toBe("selected=040%2CFB20");
    expect(configQuery(["040"], { add: ["HUD"], remove: ["QI", "NAV"] })).toBe("selected=040&add=HUD&remove=QI%2CNAV");
    expect(configQuery([], { swap: { add: ["218"], remove: ["040"] } })).toBe("selected=&swap=218%2C040");
  });
});

describe("the build kept in the browser", () => {
  it("remembers each vehicle's build and forgets it; unreadable data counts as none", () => {
    const storage = new MemoryStorage();
    vi.stubGlobal("window", { localStorage: storage });
    storeBuildState(321, { id: "uid-1", codes: ["040"], options_price: 0 });
    storeBuildState(322, { id: "uid-2", codes: ["NH-731P"], options_price: 50_000 });
    expect(storedBuildState(321)).toEqual({ id: "uid-1", codes: ["040"], options_price: 0 });
    forgetBuildState(321);
    expect(storedBuildState(321)).toBeNull();
    expect(storedBuildState(322)?.id).toBe("uid-2");
    storage.setItem(BUILD_STATES_KEY, "{not json");
    expect(storedBuildState(322)).toBeNull();
  });
});

describe("the feature's messages", () => {
  it("are complete in French, and fall back to the storefront's catalogue", () => {
    expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
    expect(Object.keys(postDepositCatalogues.fr).sort()).toEqual(Object.keys(postDepositCatalogues.en).sort());
    for (const value of Object.values(postDepositCatalogues.fr)) expect(value.trim()).not.toBe("");
    for (const value of Object.values(fr)) expect(value.trim()).not.toBe("");
    const t = buildTranslator("fr-ca", translator(catalogues.fr));
    expect(t("build.next", { step: "Options" })).toBe("Suivant : Options");
    expect(t("common.close")).toBe(catalogues.fr["common.close"]);
    expect(t("build.error.no_matching_trim")).toBe("Aucune version correspondante trouvée, impossible de charger le véhicule et les prix.");
    expect(buildTranslator("en-ca", translator(catalogues.en))("build.error.no_matching_trim")).toBe("No matching trim found, cannot load vehicle and pricing.");
  });
});

function inFrench(node: React.ReactNode) {
  return renderToStaticMarkup(<I18nContext.Provider value={{ locale: "fr-ca", t: translator(catalogues.fr) }}>{node}</I18nContext.Provider>);
}

describe("the choices", () => {
  const view = trimModel(rav4);
  const state = configurationState(rav4, ["040", "PKG-TECH"]);
  it("shows included options ticked and locked, what an option still requires, and prices in the shopper's language", () => {
    const html = inFrench(
      <OptionChoices
        legend="Options"
        options={[...view.freeStandingOptions, ...view.packages]}
        optionsByCode={view.optionsByCode}
        state={state}
        format={{ locale: "fr-ca", currency: "cad" }}
        disabled={false}
        onToggle={() => {}}
      />,
    );
    expect(html).toMatch(/<input id="option-NAV" type="checkbox"[^>]*disabled=""[^>]*checked=""/);
    expect(html).toContain('data-testid="option-NAV" data-status="included"');
    expect(html).toContain("Inclus avec un groupe d’options choisi.");
    expect(html).toContain("Requiert Attelage de remorque de classe III.");
    expect(html).toContain(`+1${NBSP}500,00${NBSP}$`);
    expect(html).toContain("Roues");
  });

  it("sums the build in the summary: base, each option (included ones free) and the total", () => {
    const html = inFrench(<BuildSummary trim={rav4} state={configurationState(rav4, ["040", "FB20", "PKG-TECH", "HUD"])} format={{ locale: "fr-ca", currency: "cad" }} />);
    expect(html).toContain(`34${NBSP}500,00${NBSP}$`);
    expect(html).toContain("Groupe technologie");
    expect(html).toMatch(/Système de navigation<\/th><td[^>]*>Inclus/);
    expect(html).toContain(`3${NBSP}150,00${NBSP}$`);
    expect(html).toContain(`37${NBSP}650,00${NBSP}$`);
  });
});

describe("switching trim", () => {
  const input = { year: 2026, make: "Toyota", model: "RAV4", current: "trim:2026101", choice: "trim:2026105", selected: ["3U5", "PPAINT", "PKG-PREM"] };
  const fakeApi = (check: BuildApi["checkTrimConfiguration"], createState: BuildApi["createState"] = vi.fn()) =>
    ({ checkTrimConfiguration: vi.fn(check), createState: vi.fn(createState) }) as unknown as BuildApi;

  it("opens the matching vehicle's build, created with the choices the other trim offers", async () => {
    vi.stubGlobal("window", { localStorage: new MemoryStorage() });
    const api = fakeApi(
      async () => ({ is_valid: true, resulting_selection: ["trim:2026105", "3U5", "PPAINT"], problems: [], problem_reason: null, matching_vehicle: { id: 325 } }),
      async () => ({ uid: "uid-325", state: { selected: ["3U5", "PPAINT"], prices: { options_msrp: 45_500 } } }) as never,
    );
    expect(await switchTrim(api, input)).toEqual({ kind: "opened", vehicleId: 325 });
    expect(api.checkTrimConfiguration).toHaveBeenCalledWith({
      year: 2026,
      make: "Toyota",
      model: "RAV4",
      prev_selected_options: ["trim:2026101", "3U5", "PPAINT", "PKG-PREM"],
      selected_options: ["trim:2026105", "3U5", "PPAINT", "PKG-PREM"],
    });
    expect(api.createState).toHaveBeenCalledWith(325, ["3U5", "PPAINT"]);
    expect(storedBuildState(325)).toEqual({ id: "uid-325", codes: ["3U5", "PPAINT"], options_price: 45_500 });
  });

  it("changes nothing when the server refuses the choice, and says why", async () => {
    const refused = fakeApi(async () => ({
      is_valid: false,
      resulting_selection: [],
      problems: ["Hitch-mounted bike rack requires Towing Package."],
      problem_reason: "This combination of options cannot be built.",
      matching_vehicle: null,
    }));
    expect(await switchTrim(refused, input)).toEqual({
      kind: "refused",
      message: "This combination of options cannot be built. Hitch-mounted bike rack requires Towing Package.",
    });
    expect(refused.createState).not.toHaveBeenCalled();
    const noVehicle = fakeApi(async () => ({ is_valid: true, resulting_selection: ["trim:2026105"], problems: [], problem_reason: null, matching_vehicle: null }));
    expect(await switchTrim(noVehicle, input)).toEqual({ kind: "failed", key: "build.error.no_matching_trim" });
    const down = fakeApi(async () => Promise.reject(new Error("offline")));
    expect(await switchTrim(down, input)).toEqual({ kind: "failed", key: "build.error.cannot_fetch_steps" });
  });
});

describe("a build its deposit holds", () => {
  const bar = (viewer: "customer" | "staff" | "staff_disabled", editing = false) =>
    inFrench(<PostDepositBar viewer={viewer} editing={editing} busy={false} onEdit={() => {}} onReview={() => {}} onDiscard={() => {}} />);

  it("is locked to the customer, who is told their dealership can change it; no way to edit is offered", () => {
    const html = bar("customer");
    expect(html).toContain("Votre dépôt retient cette configuration");
    expect(html).not.toContain("post-deposit-edit");
  });

  it("offers staff the edit where the dealership allows it, then the review and the discard", () => {
    expect(bar("staff")).toContain('data-testid="post-deposit-edit"');
    expect(bar("staff_disabled")).not.toContain('data-testid="post-deposit-edit"');
    expect(bar("staff_disabled")).toContain("désactivée pour cette concession");
    const editing = bar("staff", true);
    expect(editing).toContain('data-testid="post-deposit-review"');
    expect(editing).toContain('data-testid="post-deposit-discard"');
    expect(editing).not.toContain('data-testid="post-deposit-edit"');
  });
});
