// @vitest-environment happy-dom
import type { Locale, TradeInWire } from "@showroom/domain";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState, type ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { I18nContext, translator } from "../../i18n/index.ts";
import { ApiRequestError } from "../../lib/api-client.ts";
import { catalogues } from "../../testing/catalogues.ts";
import { offer, questionnaire, tradeIn, tradeInSettings } from "../../testing/trade-in.ts";
import { dealTradeIn, creditOf } from "./deal-trade-in.ts";
import { DiscardDialog, NoPhotoDialog } from "./dialogs.tsx";
import { answersToSend, sectionsOf, partsOf, shownQuestions, type AnswerState } from "./flow.ts";
import {
  checkHistory,
  checkVehicle,
  financingFormOf,
  vehicleFormOf,
  type FinancingForm,
  type HistoryField,
  type VehicleForm,
} from "./forms.ts";
import { HistoryFields } from "./history-fields.tsx";
import { tradeInTranslator } from "./i18n.ts";
import { ResultView } from "./result-view.tsx";
import { PhotosSection } from "./photos-section.tsx";
import { OfferForm } from "./staff-trade-ins.tsx";
import { TradeInCard } from "./trade-in-card.tsx";
import type { CatalogueLevel, CatalogueQuery, PhotoUpload, uploadPhoto } from "./trade-in-api.ts";
import { VehicleFields } from "./vehicle-fields.tsx";

afterEach(cleanup);

const VIN = "2HGFC2F56KH512345";
const refused = (status: number, body: unknown) => new ApiRequestError({ kind: "http", status, body });

function wrap(children: ReactNode, locale: Locale = "en-ca") {
  const language = locale === "fr-ca" ? "fr" : "en";
  return (
    <MemoryRouter>
      <I18nContext.Provider value={{ locale, t: translator(catalogues[language]) }}>{children}</I18nContext.Provider>
    </MemoryRouter>
  );
}
const tEn = tradeInTranslator("en-ca", translator(catalogues.en));
const tFr = tradeInTranslator("fr-ca", translator(catalogues.fr));
const byTestId = <T extends HTMLElement = HTMLInputElement>(id: string) => screen.getByTestId(id) as T;

// ---- vehicle: the catalogue's cascade and the VIN --------------------------------------------------------------

const CATALOGUE: Record<string, CatalogueLevel> = {
  "[]": { level: "year", values: ["2020", "2019"] },
  '["2019"]': { level: "make", values: ["Honda", "Toyota"] },
  '["2020"]': { level: "make", values: ["Mazda"] },
  '["2019","Honda"]': { level: "model", values: ["Civic", "CR-V"] },
  '["2019","Honda","Civic"]': { level: "trim", values: ["LX", "Touring"] },
  '["2019","Honda","Civic","LX"]': { level: "style", values: ["Sedan FWD"] },
};
const keyOf = (q: CatalogueQuery) =>
  JSON.stringify([q.year, q.make, q.model, q.trim].filter((v) => v !== undefined).map(String));

function Vehicle(props: {
  load(query: CatalogueQuery): Promise<CatalogueLevel>;
  initial?: Partial<VehicleForm>;
  mandatoryVin?: boolean;
  locale?: Locale;
}) {
  const [form, setForm] = useState<VehicleForm>({ ...vehicleFormOf(null), ...props.initial });
  return wrap(
    <>
      <VehicleFields
        t={props.locale === "fr-ca" ? tFr : tEn}
        language={props.locale === "fr-ca" ? "fr" : "en"}
        form={form}
        onChange={(patch) => setForm((f) => ({ ...f, ...patch }))}
        errors={{}}
        loadCatalogue={props.load}
        unit="km"
        mandatoryVin={props.mandatoryVin ?? false}
      />
      <output data-testid="form">{JSON.stringify(form)}</output>
    </>,
    props.locale,
  );
}
const formOf = () => JSON.parse(byTestId("form").textContent!) as VehicleForm;
const options = (id: string) => [...byTestId<HTMLSelectElement>(id).options].map((o) => o.value);

describe("the vehicle's year → make → model → trim → style cascade", () => {
  it("reads each level once the levels above it are chosen, and a new choice empties the levels below", async () => {
    const load = vi.fn(
      async (query: CatalogueQuery) => CATALOGUE[keyOf(query)] ?? { level: "style" as const, values: [] },
    );
    render(<Vehicle load={load} />);
    await waitFor(() => expect(options("tradein-year")).toEqual(["", "2020", "2019"]));
    expect(byTestId<HTMLSelectElement>("tradein-make").options[0]!.textContent).toBe("Choose the one above first");
    expect(load).toHaveBeenCalledTimes(1);

    fireEvent.change(byTestId("tradein-year"), { target: { value: "2019" } });
    await waitFor(() => expect(options("tradein-make")).toEqual(["", "Honda", "Toyota"]));
    expect(load).toHaveBeenLastCalledWith({ year: "2019" });
    fireEvent.change(byTestId("tradein-make"), { target: { value: "Honda" } });
    await waitFor(() => expect(options("tradein-model")).toEqual(["", "Civic", "CR-V"]));
    fireEvent.change(byTestId("tradein-model"), { target: { value: "Civic" } });
    await waitFor(() => expect(options("tradein-trim")).toEqual(["", "LX", "Touring"]));
    fireEvent.change(byTestId("tradein-trim"), { target: { value: "LX" } });
    await waitFor(() => expect(options("tradein-style")).toEqual(["", "Sedan FWD"]));
    expect(load).toHaveBeenLastCalledWith({ year: "2019", make: "Honda", model: "Civic", trim: "LX" });

    // Another year: make, model, trim and style are chosen again, from that year's list.
    fireEvent.change(byTestId("tradein-year"), { target: { value: "2020" } });
    expect(formOf()).toMatchObject({ year: "2020", make: "", model: "", trim: "", style: "" });
    await waitFor(() => expect(options("tradein-make")).toEqual(["", "Mazda"]));
    // Back to 2019: its lists are kept, not read again.
    const calls = load.mock.calls.length;
    fireEvent.change(byTestId("tradein-year"), { target: { value: "2019" } });
    await waitFor(() => expect(options("tradein-make")).toEqual(["", "Honda", "Toyota"]));
    expect(load.mock.calls.length).toBe(calls);
  });

  it("a list that fails says so with a retry; an empty level says no vehicle was found", async () => {
    const load = vi
      .fn<(query: CatalogueQuery) => Promise<CatalogueLevel>>()
      .mockRejectedValueOnce(new ApiRequestError({ kind: "network" }))
      .mockResolvedValueOnce({ level: "year", values: ["2019"] })
      .mockResolvedValueOnce({ level: "make", values: [] });
    render(<Vehicle load={load} />);
    await screen.findByText("The list could not be loaded.");
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(options("tradein-year")).toEqual(["", "2019"]));
    fireEvent.change(byTestId("tradein-year"), { target: { value: "2019" } });
    expect((await screen.findByTestId("tradein-make-empty")).textContent).toBe(
      "No vehicles were found for these choices.",
    );
  });

  it("a year read from a VIN stays choosable when the list lacks it", async () => {
    const load = vi.fn(
      async (query: CatalogueQuery) => CATALOGUE[keyOf(query)] ?? { level: "style" as const, values: [] },
    );
    render(<Vehicle load={load} initial={{ year: "2011" }} />);
    await waitFor(() => expect(options("tradein-year")).toEqual(["", "2011", "2020", "2019"]));
  });
});

describe("the VIN field", () => {
  const load = async (query: CatalogueQuery) => CATALOGUE[keyOf(query)] ?? { level: "style" as const, values: [] };
  const vinError = () => screen.queryByTestId("tradein-vin-error")?.textContent ?? null;

  it("says at once when a character no VIN has is typed, the length once the shopper leaves, the check digit at 17", () => {
    render(<Vehicle load={load} />);
    const field = byTestId("tradein-vin");
    fireEvent.change(field, { target: { value: "2HGFC" } });
    expect(vinError()).toBeNull();
    fireEvent.blur(field);
    expect(vinError()).toBe("Use a 17-character VIN.");
    fireEvent.change(field, { target: { value: "2HGFC2F5O" } });
    expect(vinError()).toBe("A VIN has letters and digits only, without I, O or Q.");
    fireEvent.change(field, { target: { value: "2HGFC2F57KH512345" } });
    expect(vinError()).toBe("This VIN is not valid: check each character against the vehicle's registration.");
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(field.getAttribute("aria-describedby")).toContain("tradein-vin-error");
  });

  it("a valid VIN tells its model year and chooses the year when none is chosen (spaces and lower case are fine)", async () => {
    render(<Vehicle load={load} />);
    fireEvent.change(byTestId("tradein-vin"), { target: { value: "2hgfc2f56 kh512345" } });
    expect(vinError()).toBeNull();
    expect(screen.getByText("This VIN is of a 2019 model year.")).toBeTruthy();
    expect(formOf().year).toBe("2019");
  });

  it("in French, and required when the dealership wants one", () => {
    render(<Vehicle load={load} locale="fr-ca" mandatoryVin />);
    expect(screen.getByText("NIV (numéro d’identification du véhicule)")).toBeTruthy();
    fireEvent.change(byTestId("tradein-vin"), { target: { value: "2HGFC2F57KH512345" } });
    expect(vinError()).toBe("Ce NIV n’est pas valide : vérifiez chaque caractère sur le certificat d’immatriculation.");
    const checked = checkVehicle(
      { ...vehicleFormOf(tradeIn()), vin: "" },
      { unit: "km", mandatoryVin: true, language: "fr" },
    );
    expect(checked.ok ? null : checked.fields.vin).toBe("Ce champ est obligatoire.");
  });

  it("the vehicle's check: the first empty level of the cascade and the odometer are required; the VIN is sent normalized", () => {
    const empty = checkVehicle(vehicleFormOf(null), { unit: "km", mandatoryVin: false, language: "en" });
    expect(empty.ok ? null : empty.fields).toEqual({
      year: "This field is required.",
      odometer: "This field is required.",
    });
    const typed = checkVehicle(
      { ...vehicleFormOf(tradeIn()), odometer: "85,000", vin: "2hgfc2f56-kh512345" },
      { unit: "km", mandatoryVin: false, language: "en" },
    );
    expect(typed.ok && typed.data).toMatchObject({
      vin: VIN,
      info: { year: 2019, make: "Honda", odometer: 85000, odometer_unit: "km", transmission: "automatic" },
    });
    const fraction = checkVehicle(
      { ...vehicleFormOf(tradeIn()), odometer: "12.5" },
      { unit: "km", mandatoryVin: false, language: "en" },
    );
    expect(fraction.ok ? null : fraction.fields.odometer).toBe("Enter a whole number.");
  });
});

// ---- history: the questionnaire and the loan or lease ---------------------------------------------------------------

function History(props: {
  country?: "CA" | "US";
  initial?: AnswerState;
  errors?: Partial<Record<HistoryField, string>>;
}) {
  const [answers, setAnswers] = useState<AnswerState>(props.initial ?? {});
  const [financing, setFinancing] = useState<FinancingForm>(financingFormOf(null));
  return wrap(
    <HistoryFields
      t={tEn}
      language="en"
      questions={questionnaire(props.country)}
      answers={answers}
      onAnswer={(id, value) => setAnswers((a) => ({ ...a, [id]: value }))}
      financing={financing}
      onFinancing={(patch) => setFinancing((f) => ({ ...f, ...patch }))}
      errors={props.errors ?? {}}
    />,
  );
}

describe("the questionnaire", () => {
  it("opens a nested checkbox set under the answer that opens it, and closes it again", () => {
    render(<History />);
    expect(screen.queryByTestId("tradein-q-accident_areas")).toBeNull();
    fireEvent.click(byTestId("tradein-q-involved_in_accident-yes"));
    const areas = byTestId("tradein-q-accident_areas");
    expect(areas.tagName).toBe("FIELDSET");
    expect(areas.querySelector("legend")!.textContent).toBe("Where was it damaged?");
    // Nested inside the question that opened it, for a screen reader's sake.
    expect(byTestId("tradein-q-involved_in_accident").contains(areas)).toBe(true);
    fireEvent.click(byTestId("tradein-q-accident_areas-front"));
    fireEvent.click(byTestId("tradein-q-involved_in_accident-no"));
    expect(screen.queryByTestId("tradein-q-accident_areas")).toBeNull();
  });

  it("asks the loan or lease details under 'still making payments', the residual for a lease only", () => {
    render(<History />);
    expect(screen.queryByTestId("tradein-financing")).toBeNull();
    fireEvent.click(byTestId("tradein-q-making_active_payments-yes"));
    expect(screen.getByTestId("tradein-financing")).toBeTruthy();
    expect(screen.queryByTestId("tradein-financing-residual_value")).toBeNull();
    fireEvent.click(byTestId("tradein-financing-lease"));
    expect(screen.getByLabelText("Lease buyout at the end (residual value)")).toBeTruthy();
  });

  it("Canada asks about export and import; the US does not; each question is a fieldset whose legend is the question", () => {
    render(<History />);
    expect(screen.getByRole("group", { name: "Was the vehicle ever registered in the United States?" })).toBeTruthy();
    cleanup();
    render(<History country="US" />);
    expect(screen.queryByTestId("tradein-q-export_import_usa")).toBeNull();
    expect(screen.getByRole("group", { name: "Has the vehicle been in an accident?" })).toBeTruthy();
  });

  it("sends only the answers of questions shown: a checkbox set under a 'no' is emptied", () => {
    const questions = questionnaire("CA");
    const answers: AnswerState = {
      involved_in_accident: false,
      accident_areas: ["front"],
      making_active_payments: true,
    };
    expect(shownQuestions(questions, answers).map((q) => q.id)).toContain("financing");
    expect(shownQuestions(questions, answers).map((q) => q.id)).not.toContain("accident_areas");
    expect(answersToSend(questions, answers)).toEqual({
      involved_in_accident: false,
      accident_areas: [],
      paint_areas: [],
      making_active_payments: true,
    });
  });
});

describe("the loan or lease details' messages", () => {
  const all: AnswerState = {
    involved_in_accident: false,
    paint_work_performed: false,
    repairs_other_than_maintainence: false,
    has_windshield_damage: false,
    has_unexpired_protection_coverage: false,
    export_import_usa: false,
    making_active_payments: true,
  };
  const messages = {
    answer: "Choose yes or no.",
    areas: "Choose at least one.",
    statement: "Choose the statement that applies.",
  };
  const check = (financing: Partial<FinancingForm>, language: "en" | "fr" = "en") =>
    checkHistory(questionnaire("CA"), all, { ...financingFormOf(null), kind: "finance", ...financing }, "", {
      askStatement: false,
      language,
      messages,
    });

  it("payments left above the maximum, in both languages", () => {
    const en = check({ amount_due: "3000", payments_left: "120", payment_amount: "300" });
    expect(en.ok ? null : en.fields["financing.payments_left"]).toBe(
      "Please enter a value lower than the maximum (96).",
    );
    const fr = check({ amount_due: "3000", payments_left: "120", payment_amount: "300" }, "fr");
    expect(fr.ok ? null : fr.fields["financing.payments_left"]).toBe(
      "Veuillez entrer une valeur inférieure au maximum (96).",
    );
  });

  it("a balance higher than what is left to pay is 'too high' (a lease's residual counts)", () => {
    const loan = check({ amount_due: "$50,000", payments_left: "12", payment_amount: "300" });
    expect(loan.ok ? null : loan.fields["financing.amount_due"]).toBe(
      "This balance is too high for the payments left: check the amount.",
    );
    const lease = check(
      { kind: "lease", amount_due: "12 000", payments_left: "12", payment_amount: "300", residual_value: "9 000" },
      "fr",
    );
    expect(lease.ok && lease.data.financing).toEqual({
      kind: "lease",
      amount_due: "12000",
      payments_left: 12,
      payment_amount: "300",
      residual_value: "9000",
    });
  });

  it("empty fields are required, an unanswered question says so, and the messages show at their fields", () => {
    const missing = checkHistory(
      questionnaire("CA"),
      { ...all, involved_in_accident: null },
      financingFormOf(null),
      "",
      { askStatement: true, language: "en", messages },
    );
    expect(missing.ok ? null : missing.fields).toEqual({
      "answers.involved_in_accident": "Choose yes or no.",
      "financing.kind": "Please select a valid choice.",
      "financing.amount_due": "This field is required.",
      "financing.payments_left": "This field is required.",
      "financing.payment_amount": "This field is required.",
      odometer_statement: "Choose the statement that applies.",
    });
    render(
      <History
        initial={{ making_active_payments: true }}
        errors={{ "financing.payments_left": "Please enter a value lower than the maximum (96)." }}
      />,
    );
    const field = screen.getByLabelText("Payments left");
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(field.getAttribute("aria-describedby")!.split(" ").pop()!)!.textContent).toBe(
      "Please enter a value lower than the maximum (96).",
    );
  });
});

// ---- the dialogs ----------------------------------------------------------------------------------------------

describe("the no-photo dialog", () => {
  it("sends the trade without photos, or goes back to add them", () => {
    const onSendWithout = vi.fn();
    const onAddPhotos = vi.fn();
    const onClose = vi.fn();
    render(wrap(<NoPhotoDialog onSendWithout={onSendWithout} onAddPhotos={onAddPhotos} onClose={onClose} />));
    expect(screen.getByRole("dialog", { name: "Send without photos?" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Add photos" }));
    expect(onAddPhotos).toHaveBeenCalledTimes(1);
    expect(onSendWithout).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole("button", { name: "Send without photos" }));
    expect(onSendWithout).toHaveBeenCalledTimes(1);
  });
});

describe("the discard dialog", () => {
  it("needs its box ticked: unticked, the box says so and takes the focus; ticked, the trade is discarded", async () => {
    const discard = vi.fn(async () => tradeIn({ status: "discarded" }));
    const onDiscarded = vi.fn();
    const onClose = vi.fn();
    render(
      wrap(
        <DiscardDialog
          language="en"
          discard={discard}
          refusal={() => ["Failed"]}
          onDiscarded={onDiscarded}
          onClose={onClose}
        />,
      ),
    );
    fireEvent.click(byTestId("tradein-discard-submit"));
    expect(screen.getByText("Tick the box to confirm you want to discard this trade-in.")).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(byTestId("tradein-discard-confirm")));
    expect(discard).not.toHaveBeenCalled();
    fireEvent.click(byTestId("tradein-discard-confirm"));
    fireEvent.click(byTestId("tradein-discard-submit"));
    await waitFor(() => expect(onDiscarded).toHaveBeenCalledTimes(1));
    expect(discard).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalled();
  });

  it("a refusal stays in the dialog (in French here)", async () => {
    const discard = vi.fn(async () => Promise.reject(refused(409, { detail: "Conflit" })));
    render(
      wrap(
        <DiscardDialog
          language="fr"
          discard={discard}
          refusal={() => ["Impossible d’abandonner le véhicule d’échange."]}
          onDiscarded={vi.fn()}
          onClose={vi.fn()}
        />,
        "fr-ca",
      ),
    );
    fireEvent.click(byTestId("tradein-discard-submit"));
    expect(
      screen.getByText("Cochez la case pour confirmer que vous voulez abandonner ce véhicule d’échange."),
    ).toBeTruthy();
    fireEvent.click(byTestId("tradein-discard-confirm"));
    fireEvent.click(byTestId("tradein-discard-submit"));
    expect((await screen.findByTestId("tradein-discard-error")).textContent).toBe(
      "Impossible d’abandonner le véhicule d’échange.",
    );
  });
});

// ---- after submission: the valuation and the offers -------------------------------------------------------------------

function Result(props: {
  trade: TradeInWire;
  orderId?: number | null;
  actions?: Partial<Parameters<typeof ResultView>[0]["actions"]>;
  locale?: Locale;
}) {
  const [trade, setTrade] = useState(props.trade);
  const locale = props.locale ?? "en-ca";
  return wrap(
    <ResultView
      t={locale === "fr-ca" ? tFr : tEn}
      locale={locale}
      currency="cad"
      timeZone="America/Toronto"
      settings={tradeInSettings()}
      trade={trade}
      onTrade={setTrade}
      orderId={props.orderId === undefined ? 12 : props.orderId}
      dealHref="/en/maple-auto/details/3/"
      saveDealHref="/en/maple-auto/search/"
      actions={{
        accept: vi.fn(async () => trade),
        decline: vi.fn(async () => trade),
        refresh: vi.fn(async () => trade),
        editAgain: vi.fn(async () => trade),
        savedDeals: vi.fn(async () => []),
        ...props.actions,
      }}
      onEdit={vi.fn()}
      onDiscard={vi.fn()}
      onRestart={vi.fn()}
    />,
    locale,
  );
}

const submitted = (overrides: Partial<TradeInWire> = {}) =>
  tradeIn({
    status: "awaiting-dealer",
    customer_state: "requested",
    estimated_low: "7450.00",
    estimated_high: "8500.00",
    offer_promised_by: "2027-03-04T17:00:00Z",
    submit_datetime: "2027-03-04T14:00:00Z",
    ...overrides,
  });

describe("the valuation after submission", () => {
  it("shows the state, the estimate range said to be an estimate, and the promised time in the dealership's zone", () => {
    render(<Result trade={submitted()} />);
    expect(byTestId("tradein-state").textContent).toBe("Offer requested");
    expect(byTestId("tradein-estimate-range").textContent).toBe("$7,450 – $8,500");
    expect(byTestId("tradein-estimate").textContent).toContain("This is an estimate, not an offer.");
    expect(byTestId("tradein-promise").textContent).toContain(
      "The dealership will send you a firm offer by Thursday, March 4",
    );
    expect(byTestId("tradein-promise").textContent).toContain("12:00");
    expect(byTestId("tradein-promise").textContent).toContain("(within 3 business hours)");
    expect(screen.queryByTestId("tradein-offer")).toBeNull();
  });

  it("in French", () => {
    render(<Result trade={submitted()} locale="fr-ca" />);
    expect(byTestId("tradein-state").textContent).toBe("Offre demandée");
    expect(byTestId("tradein-estimate-range").textContent).toBe("7\u00a0450\u00a0$ à 8\u00a0500\u00a0$");
    expect(byTestId("tradein-promise").textContent).toContain(
      "La concession vous enverra une offre d’achat ferme d’ici le jeudi 4 mars",
    );
  });
});

describe("the offer screens", () => {
  const received = (overrides: Partial<TradeInWire> = {}) =>
    submitted({ status: "awaiting-customer", customer_state: "offer_received", current_offer: offer(), ...overrides });

  it("shows the offer with the dealer's comments and expiry; accepting credits it to the deal", async () => {
    const accept = vi.fn(async () =>
      received({ status: "included", customer_state: "accepted", current_offer: offer({ status: "A" }) }),
    );
    render(<Result trade={received()} actions={{ accept }} />);
    expect(byTestId("tradein-offer-amount").textContent).toBe("$12,500");
    expect(byTestId("tradein-offer-comments").textContent).toBe("Clean Civic, thanks for the photos.");
    expect(byTestId("tradein-offer-expiry").textContent).toContain("This offer expires on Wednesday, March 10");
    fireEvent.click(byTestId("tradein-accept"));
    await waitFor(() => expect(byTestId("tradein-state").textContent).toBe("Offer accepted"));
    expect(accept).toHaveBeenCalledWith(12);
    expect(byTestId("tradein-accepted").textContent).toContain("$12,500");
    expect(screen.getByRole("link", { name: "See my deal's payment" }).getAttribute("href")).toBe(
      "/en/maple-auto/details/3/",
    );
    expect(screen.queryByTestId("tradein-accept")).toBeNull();
  });

  it("without a saved deal, the API's 'save the deal first' is shown with a way to save one", async () => {
    const accept = vi.fn(async () =>
      Promise.reject(refused(400, { detail: "Please save the deal first before accepting the trade-in offer." })),
    );
    render(<Result trade={received({ order: null })} orderId={null} actions={{ accept }} />);
    fireEvent.click(byTestId("tradein-accept"));
    const error = await screen.findByTestId("tradein-offer-error");
    expect(error.getAttribute("role")).toBe("alert");
    expect(error.textContent).toContain("Please save the deal first before accepting the trade-in offer.");
    expect(screen.getByRole("link", { name: "Find a vehicle and save your deal" }).getAttribute("href")).toBe(
      "/en/maple-auto/search/",
    );
    expect(accept).toHaveBeenCalledWith(null);
  });

  it("without a deal on the trade, the shopper's saved deals are offered to credit it to", async () => {
    const accept = vi.fn(async () =>
      received({ status: "included", customer_state: "accepted", current_offer: offer({ status: "A" }) }),
    );
    const savedDeals = vi.fn(
      async () => [{ id: 31, display: { title: "2026 Toyota RAV4 XLE", title_fr: "2026 Toyota RAV4 XLE" } }] as never,
    );
    render(<Result trade={received({ order: null })} orderId={null} actions={{ accept, savedDeals }} />);
    const select = await screen.findByLabelText("Credit it to this deal");
    await waitFor(() => expect((select as HTMLSelectElement).options.length).toBe(2));
    fireEvent.change(select, { target: { value: "31" } });
    fireEvent.click(byTestId("tradein-accept"));
    await waitFor(() => expect(accept).toHaveBeenCalledWith(31));
  });

  it("declining asks for optional comments, then the trade reads as declined", async () => {
    const decline = vi.fn(async () =>
      received({
        status: "excluded",
        customer_state: "offer_declined",
        current_offer: null,
        past_offers: [offer({ status: "D", decline_comments: "Too low" })],
      }),
    );
    render(<Result trade={received()} actions={{ decline }} />);
    fireEvent.click(byTestId("tradein-decline"));
    const comments = byTestId<HTMLTextAreaElement>("tradein-decline-comments");
    await waitFor(() => expect(document.activeElement).toBe(comments));
    fireEvent.change(comments, { target: { value: "  Too low " } });
    fireEvent.click(byTestId("tradein-decline-confirm"));
    await waitFor(() => expect(byTestId("tradein-state").textContent).toBe("Offer declined"));
    expect(decline).toHaveBeenCalledWith("Too low", 12);
    const past = byTestId("tradein-past-offer");
    expect(past.textContent).toContain("Declined");
    expect(past.textContent).toContain("You: “Too low”");
  });

  it("an expired offer cannot be answered", () => {
    render(
      <Result trade={received({ customer_state: "offer_expired", current_offer: offer({ is_expired: true }) })} />,
    );
    expect(byTestId("tradein-state").textContent).toBe("Offer expired");
    expect(screen.queryByTestId("tradein-accept")).toBeNull();
  });

  it("while the valuation runs, the trade is read again until it answers", async () => {
    vi.useFakeTimers();
    try {
      const refresh = vi.fn(async () => received());
      render(
        <Result
          trade={submitted({ status: "awaiting-provider", customer_state: "submitted", valuation_quote: "quoting" })}
          actions={{ refresh }}
        />,
      );
      expect(screen.getByTestId("tradein-quoting")).toBeTruthy();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(3100);
      });
      expect(refresh).toHaveBeenCalledTimes(1);
      expect(byTestId("tradein-state").textContent).toBe("Offer received");
    } finally {
      vi.useRealTimers();
    }
  });
});

// ---- the deal's side and the staff's ----------------------------------------------------------------------------

describe("the deal panel's trade-in card", () => {
  const order = (trade: Record<string, unknown> | null) => ({ trade_in: trade });

  it("reads the deal's trade-in, prices with it once included, and shows its three lines", () => {
    const included = dealTradeIn(
      order({
        id: 41,
        vid: "ti-41",
        status: "included",
        customer_state: "accepted",
        allowance: "12500.00",
        payoff: "3000.00",
        net_equity: "9500.00",
      }),
    );
    expect(creditOf(included)).toEqual({ credit: "12500.00", owing: "3000.00" });
    expect(creditOf(dealTradeIn(order({ id: 41, status: "awaiting-dealer", customer_state: "requested" })))).toBeNull();
    expect(dealTradeIn(order(null))).toBeNull();
    render(
      wrap(
        <TradeInCard
          trade={included}
          href="/en/maple-auto/tradein/?order=12"
          paymentType="finance"
          currency="cad"
          dealSaved
        />,
      ),
    );
    expect(byTestId("trade-in-allowance").textContent).toBe("$12,500.00");
    expect(byTestId("trade-in-payoff").textContent).toBe("−$3,000.00");
    expect(byTestId("trade-in-net-equity").textContent).toBe("$9,500.00");
    expect(screen.queryByTestId("trade-in-negative-equity")).toBeNull();
    expect(byTestId("trade-in-card-state").textContent).toBe("Status: Offer accepted");
  });

  it("says plainly where negative equity goes: the amount financed, or what is paid on delivery", () => {
    const underwater = dealTradeIn(
      order({
        id: 41,
        status: "included",
        customer_state: "accepted",
        allowance: "5000.00",
        payoff: "6500.00",
        net_equity: "-1500.00",
      }),
    );
    render(wrap(<TradeInCard trade={underwater} href="/x" paymentType="lease" currency="cad" dealSaved />));
    expect(byTestId("trade-in-negative-equity").textContent).toBe(
      "You owe $1,500.00 more than your trade-in is worth: this negative equity is added to the amount financed.",
    );
    cleanup();
    render(wrap(<TradeInCard trade={underwater} href="/x" paymentType="cash" currency="cad" dealSaved />, "fr-ca"));
    expect(byTestId("trade-in-negative-equity").textContent).toBe(
      "Vous devez 1\u00a0500,00\u00a0$ de plus que la valeur de votre véhicule d’échange : ce solde négatif s’ajoute au montant payé à la livraison.",
    );
  });

  it("without a trade-in: value one (towards the saved deal)", () => {
    render(
      wrap(
        <TradeInCard
          trade={null}
          href="/en/maple-auto/tradein/?order=12"
          paymentType={null}
          currency="cad"
          dealSaved={false}
        />,
      ),
    );
    const link = screen.getByRole("link", { name: "Value your trade-in" });
    expect(link.getAttribute("href")).toBe("/en/maple-auto/tradein/?order=12");
    expect(screen.getByText("Save this deal to credit a trade-in offer to it.")).toBeTruthy();
  });
});

describe("staff's offer form", () => {
  it("checks the amount in the browser, shows the API's field messages, and reports the offer sent", async () => {
    const offerCall = vi
      .fn()
      .mockRejectedValueOnce(refused(400, { valid_days: ["This number is too large."] }))
      .mockResolvedValueOnce(
        submitted({ status: "awaiting-customer", customer_state: "offer_received", current_offer: offer() }),
      );
    const onTrade = vi.fn();
    render(wrap(<OfferForm t={tEn} language="en" trade={submitted()} api={{ offer: offerCall }} onTrade={onTrade} />));
    fireEvent.click(byTestId("workspace-offer-submit"));
    expect(byTestId("workspace-offer-amount-error").textContent).toBe(
      "Enter an amount in dollars, like 450 or 450.50.",
    );
    await waitFor(() => expect(document.activeElement).toBe(byTestId("workspace-offer-amount")));
    fireEvent.change(byTestId("workspace-offer-amount"), { target: { value: "12,500" } });
    fireEvent.change(byTestId("workspace-offer-days"), { target: { value: "45" } });
    fireEvent.click(byTestId("workspace-offer-submit"));
    expect(byTestId("workspace-offer-days-error").textContent).toBe("This number is too large.");
    expect(offerCall).not.toHaveBeenCalled();
    fireEvent.change(byTestId("workspace-offer-days"), { target: { value: "10" } });
    fireEvent.change(byTestId("workspace-offer-comments"), { target: { value: "Clean Civic" } });
    fireEvent.click(byTestId("workspace-offer-submit"));
    expect((await screen.findByTestId("workspace-offer-days-error")).textContent).toBe("This number is too large.");
    expect(offerCall).toHaveBeenCalledWith(41, {
      dealer_offer: "12500",
      dealer_comments: "Clean Civic",
      valid_days: 10,
    });
    fireEvent.click(byTestId("workspace-offer-submit"));
    await screen.findByTestId("workspace-offer-sent");
    expect(onTrade).toHaveBeenCalledTimes(1);
  });
});

describe("the flows' sections", () => {
  it("each flow shows its own sections; the lighter ones ask the history with the vehicle", () => {
    expect(sectionsOf("TRADE-IN-2", [])).toEqual(["get-started", "vehicle-details", "vehicle-photos", "review"]);
    expect(sectionsOf("TRADE-IN-EXTERNAL", ["instant-cash-offer", "review"])).toEqual(["instant-cash-offer", "review"]);
    const full = sectionsOf("TRADE-IN", undefined);
    expect(partsOf("vehicle-details", full)).toEqual(["vehicle"]);
    expect(partsOf("vehicle-details", sectionsOf("TRADE-IN-BLACK-BOOK", []))).toEqual(["vehicle", "history"]);
    expect(partsOf("instant-cash-offer", sectionsOf("TRADE-IN-EXTERNAL", []))).toEqual(["intro", "vehicle", "history"]);
  });
});

describe("the photos", () => {
  function Photos(props: { upload: typeof uploadPhoto; maxBytes?: number }) {
    return wrap(
      <PhotosSection
        t={tEn}
        tradeId={41}
        dealerCode="maple-auto"
        images={tradeIn().images}
        onImages={vi.fn()}
        maxBytes={props.maxBytes ?? 1024 * 1024}
        checkImages={vi.fn()}
        removePhoto={vi.fn()}
        photoUrl={(id, angle) => `/api/trade-in/${id}/photos/${angle}/`}
        onSessionExpired={vi.fn()}
        upload={props.upload}
      />,
    );
  }
  const choose = (angle: string, file: File) =>
    fireEvent.change(byTestId(`tradein-photo-${angle}-file`), { target: { files: [file] } });

  it("refuses in the browser a file that is not a JPEG or PNG, or larger than the limit, at its angle", () => {
    const upload = vi.fn();
    render(<Photos upload={upload} maxBytes={1024 * 1024} />);
    choose("front", new File(["%PDF"], "car.pdf", { type: "application/pdf" }));
    expect(byTestId("tradein-photo-front-error").textContent).toBe(
      "This file is not a photo. Send a JPEG or PNG picture.",
    );
    choose("back", new File([new Uint8Array(2 * 1024 * 1024)], "back.jpg", { type: "image/jpeg" }));
    expect(byTestId("tradein-photo-back-error").textContent).toBe(
      "This photo is larger than 1 MB. Send a smaller one.",
    );
    expect(upload).not.toHaveBeenCalled();
  });

  it("shows the upload's progress (a progress bar screen readers hear), then the server's refusal at its angle", async () => {
    let progress: (sent: number, total: number) => void = () => {};
    let refuse: (error: unknown) => void = () => {};
    const upload = vi.fn((options: Parameters<typeof uploadPhoto>[0]): PhotoUpload => {
      progress = options.onProgress;
      return { done: new Promise((_, reject) => (refuse = reject)), abort: vi.fn() };
    });
    render(<Photos upload={upload} />);
    choose("dashboard", new File(["jpeg"], "dash.jpg", { type: "image/jpeg" }));
    expect(upload).toHaveBeenCalledWith(
      expect.objectContaining({ id: 41, angle: "dashboard", dealerCode: "maple-auto" }),
    );
    act(() => progress(300, 1000));
    const bar = screen.getByRole("progressbar", { name: "Upload of the Dashboard photo" });
    expect(bar.getAttribute("aria-valuenow")).toBe("30");
    expect(byTestId("tradein-photo-dashboard-status").textContent).toBe("Uploading… 30%");
    await act(async () => refuse(refused(400, { file: ["This file is not a photo. Send a JPEG or PNG picture."] })));
    expect(byTestId("tradein-photo-dashboard-error").textContent).toBe(
      "This file is not a photo. Send a JPEG or PNG picture.",
    );
    expect(screen.queryByRole("progressbar")).toBeNull();
  });
});

describe("editing a sent trade", () => {
  it("'Edit my trade-in' reopens it as a draft and goes back to the form", async () => {
    const editAgain = vi.fn(async () => tradeIn());
    const onEdit = vi.fn();
    render(
      wrap(
        <ResultView
          t={tEn}
          locale="en-ca"
          currency="cad"
          timeZone="America/Toronto"
          settings={tradeInSettings()}
          trade={submitted()}
          onTrade={vi.fn()}
          orderId={12}
          dealHref={null}
          saveDealHref="/"
          actions={{
            accept: vi.fn(),
            decline: vi.fn(),
            refresh: vi.fn(),
            editAgain,
            savedDeals: vi.fn(async () => []),
          }}
          onEdit={onEdit}
          onDiscard={vi.fn()}
          onRestart={vi.fn()}
        />,
      ),
    );
    fireEvent.click(screen.getByRole("button", { name: "Edit my trade-in" }));
    await waitFor(() => expect(onEdit).toHaveBeenCalledTimes(1));
    expect(editAgain).toHaveBeenCalledTimes(1);
  });
});
