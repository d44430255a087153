// @vitest-environment happy-dom
import { searchQuerySchema, type SearchFacets } from "@showroom/domain";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { I18nContext, translator } from "../../i18n/index.ts";
import { catalogues } from "../../testing/catalogues.ts";
import { FilterPanel, newPanelMemory, type PanelMemory } from "./filter-panel.tsx";

afterEach(cleanup);

const none = { min: null, max: null };
const facets: SearchFacets = {
  condition: [{ value: "new", count: 2 }], make: [{ value: "Toyota", count: 2 }], model: [], trim: [],
  bodyType: [{ value: "SUV", count: 2 }], drivetrain: [], exteriorColor: [], interiorColor: [], fuelType: [], transmission: [],
  stockType: [], features: [], dealership: [], year: none, mileage: none, payment: { min: 20_000, max: 40_000 },
};

function drawPanel(memory: PanelMemory, key: string) {
  const element = (
    <I18nContext.Provider value={{ locale: "en-ca", t: translator(catalogues.en) }}>
      <FilterPanel key={key} query={searchQuerySchema.parse({})} facets={facets} action="/en/maple-auto/search/" autoApply pricesLocked={false} budgetFrequency="monthly" memory={memory} />
    </I18nContext.Provider>
  );
  return <RouterProvider key={key} router={createMemoryRouter([{ path: "/", element }])} />;
}

describe("the filter panel's sections", () => {
  it("stay open when the panel is drawn anew for a list that arrives right after the shopper opened one", () => {
    const memory = newPanelMemory();
    const { rerender } = render(drawPanel(memory, "first list"));
    const budget = () => screen.getByTestId("filter-budget") as HTMLDetailsElement;
    expect(budget().open).toBe(false);
    // The click alone, before the browser toggles the section or fires its toggle event: the next list's panel
    // replaces this one at once. (A plain click event: happy-dom would toggle the section before React's handler ran.)
    fireEvent(budget().querySelector("summary")!, new Event("click", { bubbles: true }));
    rerender(drawPanel(memory, "next list"));
    expect(budget().open).toBe(true);
    fireEvent(budget().querySelector("summary")!, new Event("click", { bubbles: true }));
    rerender(drawPanel(memory, "third list"));
    expect(budget().open).toBe(false);
  });
});
