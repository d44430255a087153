import { cents, type PricingLineWire } from "@showroom/domain";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { translator, type MessageKey } from "../../i18n/index.ts";
import { catalogues } from "../../testing/catalogues.ts";
import { ApiRequestError } from "../../lib/api-client.ts";
import { PricingLineList } from "./payment-breakdown.tsx";
import { paymentOption } from "../../testing/payment-option.ts";
import { pricingLineLabel, type LabelTranslate } from "./payment-labels.ts";
import { parseDownPayment } from "./down-payment.ts";
import { PaymentCalculator } from "./payment-calculator.tsx";
import { createPricingApi, loadInitialQuotes, type PricingApi } from "./pricing-api.ts";

const labels = (language: "en" | "fr"): LabelTranslate => {
  const t = translator(catalogues[language]);
  return (key, values) => (key in catalogues.en ? t(key as MessageKey, values) : key);
};

const httpError = (status: number, body: unknown) => new ApiRequestError({ kind: "http", status, body });

describe("the first quotes", () => {
  it("asks for the three types in parallel and offers only those that answered with an id", async () => {
    const quote = vi.fn<PricingApi["quote"]>(async (type) => {
      if (type === "cash") throw httpError(400, { inventory: ["Use a vehicle id."] });
      if (type === "lease") return paymentOption("lease", { id: "" });
      return paymentOption(type);
    });
    const result = await loadInitialQuotes({ quote, update: vi.fn() }, 42);
    expect(quote.mock.calls.map(([type]) => type)).toEqual(["cash", "finance", "lease"]);
    expect(quote).toHaveBeenCalledWith("finance", 42, undefined, undefined);
    expect(result.answered).toEqual(["finance"]);
    expect(Object.keys(result.options)).toEqual(["finance"]);
    expect(result.locked).toBe(false);
  });

  it("reports pricing as locked when every type is refused for want of a sign-in", async () => {
    const quote = vi.fn<PricingApi["quote"]>(async () => {
      throw httpError(403, { code: "pricing_locked", detail: "Sign in to see prices." });
    });
    const result = await loadInitialQuotes({ quote, update: vi.fn() }, 42);
    expect(result).toEqual({ options: {}, answered: [], locked: true });
  });

  it("posts the pricing request and puts the settings with the down payment in dollars", async () => {
    const fetchImpl = vi.fn(async () => new Response(JSON.stringify(paymentOption("finance")), { status: 200, headers: { "content-type": "application/json" } }));
    const api = createPricingApi({ dealerCode: "maple-auto", onSessionExpired: vi.fn(), fetchImpl: fetchImpl as never, cookies: () => "csrftoken=t" });
    await api.quote("lease", 42);
    await api.update("abc0000000000000001", { term: 72, down_payment: cents(250050) });
    const calls = fetchImpl.mock.calls as unknown as [string, RequestInit][];
    expect(calls[0]?.[0]).toBe("/api/payment-type/lease/pricing/");
    expect(calls[0]?.[1].method).toBe("POST");
    expect(JSON.parse(String(calls[0]?.[1].body))).toEqual({ inventory: 42, use_fallback_values: true });
    expect(calls[1]?.[0]).toBe("/api/payment-type/abc0000000000000001/");
    expect(calls[1]?.[1].method).toBe("PUT");
    expect(JSON.parse(String(calls[1]?.[1].body))).toEqual({ term: 72, down_payment: "2500.50" });
  });
});

describe("the down payment field", () => {
  it("accepts digits with up to two decimals, a French decimal comma, and blank as no down payment", () => {
    expect(parseDownPayment("2500", "en")).toEqual({ ok: true, cents: 250000 });
    expect(parseDownPayment(" 2500.5 ", "en")).toEqual({ ok: true, cents: 250050 });
    expect(parseDownPayment("2500,50", "fr")).toEqual({ ok: true, cents: 250050 });
    expect(parseDownPayment("", "en")).toEqual({ ok: true, cents: 0 });
  });

  it("refuses anything else with the schema's message in the shopper's language", () => {
    expect(parseDownPayment("2500.505", "en")).toEqual({ ok: false, message: "Enter an amount in dollars, like 450 or 450.50." });
    expect(parseDownPayment("-10", "fr")).toEqual({ ok: false, message: "Entrez un montant en dollars, comme 450 ou 450,50." });
    expect(parseDownPayment("2500,50", "en").ok).toBe(false);
    expect(parseDownPayment("1000000", "en").ok).toBe(false);
  });
});

describe("the payment breakdown", () => {
  const stack: PricingLineWire[] = [
    {
      label_key: "pricing.line.total_purchase_price",
      amount: "33950.18",
      children: [
        {
          label_key: "pricing.line.selling_price",
          amount: "29500.00",
          children: [
            { label_key: "pricing.line.vehicle_price", amount: "30000.00" },
            { label_key: "pricing.line.rebate", amount: "-500.00", params: { id: "r1", name: "Spring rebate", name_fr: "Remise du printemps" } },
          ],
        },
        {
          label_key: "pricing.line.fees",
          amount: "499.00",
          children: [{ label_key: "pricing.line.fee", amount: "499.00", params: { id: "f1", name: "Admin fee", name_fr: "Frais d'administration", fee_type: "", taxability: "pretax" } }],
        },
        {
          label_key: "pricing.line.taxes",
          amount: "3951.18",
          children: [
            { label_key: "pricing.line.hst", amount: "3899.87", params: { rate: "0.13", base: "29999.00" } },
            { label_key: "pricing.line.qst", amount: "51.31", params: { rate: "0.09975", base: "514.38" } },
          ],
        },
      ],
    },
    { label_key: "pricing.line.down_payment", amount: "-2500.00" },
    { label_key: "pricing.line.payments", amount: "28000.00", params: { term: 60 } },
  ];

  it("renders the stack as nested lists in French, with names, tax rates and credits", () => {
    const html = renderToStaticMarkup(<PricingLineList lines={stack} t={labels("fr")} locale="fr-ca" currency="cad" />);
    const text = html.replace(/<[^>]+>/g, "|").replace(/\|+/g, "|");
    expect(text).toContain("|Prix d’achat total|33\u00a0950,18\u00a0$|");
    expect(text).toContain("|Remise du printemps|-500,00\u00a0$|");
    expect(text).toContain("|Frais d&#x27;administration|499,00\u00a0$|");
    expect(text).toContain("|TVH (13\u00a0%)|3\u00a0899,87\u00a0$|");
    expect(text).toContain("|TVQ (9,975\u00a0%)|51,31\u00a0$|");
    expect(text).toContain("|Mise de fonds|-2\u00a0500,00\u00a0$|");
    expect(text).toContain("|Paiements (60 mois)|28\u00a0000,00\u00a0$|");
    // Three levels: the total, its groups, their lines.
    expect(html.match(/<ul/g)).toHaveLength(5);
    expect(html).toContain("text-green-800");
  });

  it("says which lines of a lease are monthly when the payment is shown at another frequency", () => {
    const lease: PricingLineWire[] = [
      {
        label_key: "pricing.line.lease_payment",
        amount: "981.25",
        children: [{ label_key: "pricing.line.base_payment", amount: "868.36", children: [{ label_key: "pricing.line.depreciation", amount: "700.75" }] }],
      },
      { label_key: "pricing.line.due_at_signing", amount: "981.25", children: [{ label_key: "pricing.line.first_payment", amount: "981.25" }] },
    ];
    const text = (frequency: "biweekly" | "monthly", language: "en" | "fr") =>
      renderToStaticMarkup(<PricingLineList lines={lease} t={labels(language)} locale={language === "en" ? "en-ca" : "fr-ca"} currency="cad" frequency={frequency} />)
        .replace(/<[^>]+>/g, "|")
        .replace(/\|+/g, "|");
    expect(text("biweekly", "en")).toContain("|Lease payment (monthly)|");
    expect(text("biweekly", "en")).toContain("|First payment (monthly)|");
    expect(text("biweekly", "en")).toContain("|Depreciation|");
    expect(text("biweekly", "en")).toContain("|Due at signing|");
    expect(text("biweekly", "fr")).toContain("(par mois)|");
    expect(text("monthly", "en")).not.toContain("(monthly)");
  });

  it("labels lines in English with the English names", () => {
    const t = labels("en");
    expect(pricingLineLabel({ label_key: "pricing.line.rebate", amount: "-1.00", params: { name: "Spring rebate", name_fr: "Remise" } }, t, "en-ca")).toBe("Spring rebate");
    expect(pricingLineLabel({ label_key: "pricing.line.hst", amount: "1.00", params: { rate: "0.13", base: "7.69" } }, t, "en-ca")).toBe("HST (13%)");
    expect(pricingLineLabel({ label_key: "pricing.line.gst", amount: "1.00", params: { rate: "0.05", base: "20" } }, labels("fr"), "fr-ca")).toBe("TPS (5\u00a0%)");
  });
});

describe("the catalogue", () => {
  it("labels every pricing line, frequency and credit tier the domain produces, in both languages", async () => {
    const { readFileSync, readdirSync } = await import("node:fs");
    const dir = new URL("../../../../../packages/domain/src/pricing/", import.meta.url);
    const keys = new Set<string>();
    for (const file of readdirSync(dir).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))) {
      for (const match of readFileSync(new URL(file, dir), "utf8").matchAll(/"(pricing\.(?:line|frequency|credit_tier)\.[a-z_]+)"/g)) keys.add(match[1] ?? "");
    }
    for (const frequency of ["weekly", "biweekly", "semimonthly", "monthly"]) keys.add(`pricing.frequency.${frequency}`);
    expect(keys.size).toBeGreaterThan(50);
    const missing = [...keys].filter((key) => !(key in catalogues.en) || !(key in catalogues.fr));
    expect(missing).toEqual([]);
  });
});

describe("the calculator when prices are locked", () => {
  it("shows the locked message and asks the API for nothing", () => {
    const api: PricingApi = { quote: vi.fn(), update: vi.fn() };
    const html = renderToStaticMarkup(
      <PaymentCalculator api={api} vehicleId={42} isNew locked defaults={null} currency="cad" lengthUnit="km" />,
    );
    expect(html).toContain('data-testid="payment-calculator"');
    expect(html).toContain("Prices are shown once you are signed in");
    expect(api.quote).not.toHaveBeenCalled();
  });

  it("renders a loading state on the server before the quotes arrive", () => {
    const api: PricingApi = { quote: vi.fn(), update: vi.fn() };
    const html = renderToStaticMarkup(
      <PaymentCalculator api={api} vehicleId={42} isNew={false} locked={false} defaults={null} currency="cad" lengthUnit="km" />,
    );
    expect(html).toContain('role="status"');
    expect(html).toContain("Calculating your payment…");
  });
});
