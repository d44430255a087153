// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createMemoryRouter, RouterProvider } from "react-router";
import { I18nContext, translator } from "../../i18n/index.ts";
import { catalogues } from "../../testing/catalogues.ts";
import { CompareBar } from "./compare-bar.tsx";
import { comparedVehicles } from "./compare-store.ts";
import { CompareToggle } from "./compare-toggle.tsx";
import { pickerCatalogues } from "./picker-i18n.ts";

afterEach(cleanup);
beforeEach(() => window.localStorage.clear());

const href = (ids: readonly number[]) => `/vcc/?ids=${ids.join(",")}`;

function renderPage(ui: React.ReactNode, language: "en" | "fr" = "en") {
  const router = createMemoryRouter([{ path: "/", element: ui }]);
  return render(
    <I18nContext.Provider value={{ locale: language === "en" ? "en-ca" : "fr-ca", t: translator(catalogues[language]) }}>
      <RouterProvider router={router} />
    </I18nContext.Provider>,
  );
}

function listOf(ids: number[], dealerCode = "maple-auto") {
  return (
    <>
      {ids.map((id) => <CompareToggle key={id} dealerCode={dealerCode} vehicleId={id} vehicleTitle={`Car ${id}`} />)}
      <CompareBar dealerCode={dealerCode} placement="fixed" href={href} />
    </>
  );
}

describe("the compare picks", () => {
  it("keeps the picks in the browser per dealership and links to their comparison once there are two", () => {
    renderPage(listOf([11, 12, 13]));
    expect(screen.queryByTestId("compare-bar")).toBeNull();
    fireEvent.click(screen.getByRole("checkbox", { name: "Compare the Car 11" }));
    expect(screen.getByTestId("compare-bar").textContent).toContain(pickerCatalogues.en["compare.chosen_one"]);
    expect(screen.queryByTestId("compare-open")).toBeNull();
    fireEvent.click(screen.getByRole("checkbox", { name: "Compare the Car 13" }));
    expect(screen.getByTestId("compare-open").getAttribute("href")).toBe("/vcc/?ids=11,13");
    expect(JSON.parse(window.localStorage.getItem("showroom.compare.maple-auto")!)).toEqual([11, 13]);
    expect(comparedVehicles("lakeshore-buffalo")).toEqual([]);
    // Unticked: gone from the picks.
    fireEvent.click(screen.getByRole("checkbox", { name: "Compare the Car 11" }));
    expect(comparedVehicles("maple-auto")).toEqual([13]);
  });

  it("refuses a fifth vehicle and says why, in the shopper's language", () => {
    window.localStorage.setItem("showroom.compare.maple-auto", JSON.stringify([1, 2, 3, 4]));
    renderPage(listOf([1, 5]), "fr");
    const fifth = screen.getByRole("checkbox", { name: "Comparer le véhicule Car 5" }) as HTMLInputElement;
    fireEvent.click(fifth);
    expect(fifth.checked).toBe(false);
    expect(comparedVehicles("maple-auto")).toEqual([1, 2, 3, 4]);
    expect(screen.getByTestId("compare-bar").textContent).toContain(pickerCatalogues.fr["compare.full"]);
    fireEvent.click(screen.getByRole("button", { name: pickerCatalogues.fr["compare.clear"] }));
    expect(window.localStorage.getItem("showroom.compare.maple-auto")).toBeNull();
  });

  it("on a details page compares its vehicle first with at most three others picked", () => {
    window.localStorage.setItem("showroom.compare.maple-auto", JSON.stringify([7, 8, 9, 10]));
    renderPage(<CompareBar dealerCode="maple-auto" placement="inline" current={42} href={href} />);
    const link = screen.getByTestId("compare-open");
    expect(link.getAttribute("href")).toBe("/vcc/?ids=42,7,8,9");
    expect(link.textContent).toBe("Compare with the 3 other vehicles chosen");
  });

  it("ignores a stored list that is not one", () => {
    window.localStorage.setItem("showroom.compare.maple-auto", "{not json");
    renderPage(listOf([3]));
    expect(screen.queryByTestId("compare-bar")).toBeNull();
    fireEvent.click(screen.getByRole("checkbox", { name: "Compare the Car 3" }));
    expect(comparedVehicles("maple-auto")).toEqual([3]);
  });
});
