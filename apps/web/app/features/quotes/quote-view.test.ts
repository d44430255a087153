import { describe, expect, it } from "vitest";
import { quote, threeOptionFlow } from "./fixtures.test-support.tsx";
import { quotesTranslator } from "./i18n.ts";
import { comparedValues, differingRows, disclosureRows, fieldText, optionName, optionsOf, paymentText, showsRate, type QuoteFormat } from "./quote-view.ts";
import { translator } from "../../i18n/index.ts";
import { catalogues } from "../../testing/catalogues.ts";

const format = (language: "en" | "fr" = "en"): QuoteFormat => ({
  t: quotesTranslator(language === "fr" ? "fr-ca" : "en-ca", translator(catalogues[language])),
  locale: language === "fr" ? "fr-ca" : "en-ca",
  currency: "cad",
  lengthUnit: "km",
});

describe("what the quote pages read of a flow", () => {
  it("the options in their positions, numbered 1..n, with staff's name where they gave one", () => {
    const flow = threeOptionFlow();
    const shuffled = { ...flow, results: [flow.results[2]!, flow.results[0]!, flow.results[1]!] };
    const options = optionsOf(shuffled);
    expect(options.map((q) => q.id)).toEqual([101, 102, 103]);
    expect(options.map((q, i) => optionName(q, i + 1, format().t))).toEqual(["Option 1", "Option 2", "Low payment lease"]);
  });

  it("the rows that differ: the figures not the same in every option (as the API's differing_fields names them)", () => {
    const flow = threeOptionFlow();
    expect([...differingRows(flow)].sort()).toEqual([...flow.differing_fields].sort());
    expect(differingRows({ results: [flow.results[0]!, { ...flow.results[0]!, id: 9 }] }).size).toBe(0);
    expect(differingRows({ results: [flow.results[0]!] }).size).toBe(0);
  });

  it("a US lease's rate is withheld: never shown, never compared", () => {
    const usLease = quote({ payment_type: "lease", option: { ...quote({ payment_type: "lease" }).option!, jurisdiction: "US-CA", rate: "3.90" } });
    expect(showsRate(usLease)).toBe(false);
    expect(comparedValues(usLease).interest_rate).toBeNull();
    expect(showsRate(quote())).toBe(true);
    expect(showsRate(quote({ payment_type: "cash" }))).toBe(false);
  });

  it("figures as text, in either language; a cash deal has no term nor frequency", () => {
    const cash = quote({ payment_type: "cash" });
    expect(fieldText("term", cash, format())).toBe("—");
    expect(fieldText("payment_frequency", cash, format())).toBe("—");
    expect(paymentText(quote(), format())).toBe("$215.34 biweekly");
    expect(paymentText(quote(), format("fr"))).toBe("215,34\u00a0$ aux deux semaines");
    expect(fieldText("interest_rate", quote(), format("fr"))).toBe("6,49\u00a0%");
    expect(paymentText(quote({ option: null }), format())).toBe("—");
  });

  it("disclosure rows keep the first option's label, mark the primary ones and what differs", () => {
    const rows = disclosureRows(optionsOf(threeOptionFlow()));
    expect(rows.map((r) => r.key)).toEqual(["apr", "cost_of_borrowing", "term", "total_of_payments", "implicit_finance_charge", "residual_value"]);
    expect(rows.find((r) => r.key === "implicit_finance_charge")).toMatchObject({ primary: true, differs: true, values: [null, null, "$3,102.00"] });
    expect(rows.find((r) => r.key === "term")!.primary).toBe(false);
    const same = disclosureRows([quote(), quote({ id: 2 })]);
    expect(same.every((r) => !r.differs)).toBe(true);
  });
});
