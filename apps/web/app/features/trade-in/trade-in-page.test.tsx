// @vitest-environment happy-dom
import type { CustomerUser, TradeInWire } from "@showroom/domain";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { I18nContext, translator } from "../../i18n/index.ts";
import type { ApiClient } from "../../lib/api-client.ts";
import type { AuthOutcome } from "../../lib/auth.ts";
import { ShellContext, type Shell } from "../../lib/shell-context.tsx";
import { catalogues } from "../../testing/catalogues.ts";
import { dealerInfo } from "../../testing/fixtures.ts";
import { questionnaire, tradeIn, tradeInSettings } from "../../testing/trade-in.ts";
import { resumeIndex, TradeInPage } from "./trade-in-page.tsx";
import { sectionsOf } from "./flow.ts";

afterEach(cleanup);
// The dialogs are a lazy chunk: loaded once here, so a test times the page, not the first transform of that chunk.
beforeAll(() => import("./dialogs.tsx"));

type Calls = { get: ReturnType<typeof vi.fn>; post: ReturnType<typeof vi.fn>; request: ReturnType<typeof vi.fn> };

function open(
  options: { trade?: TradeInWire | null; customer?: boolean; signIn?: AuthOutcome; calls?: Partial<Calls> } = {},
) {
  const calls: Calls = {
    get: vi.fn(async (path: string) =>
      path.includes("vehicle-catalogue") ? { level: "year", values: ["2019"] } : null,
    ),
    post: vi.fn(async () => tradeIn()),
    request: vi.fn(async () => tradeIn()),
    ...options.calls,
  };
  const signIn = vi.fn(async () => options.signIn ?? "authenticated");
  const shell = {
    dealer: dealerInfo(),
    locale: "en-ca",
    prefix: { language: "en", dealerCode: "maple-auto" },
    dealerUser: null,
    customer: options.customer === false ? null : ({ id: 5, email: "jeanne@example.com" } as CustomerUser),
    pricesLocked: false,
    savedDeals: 1,
    api: calls as unknown as ApiClient,
    quietApi: calls as unknown as ApiClient,
    path: (route: string, search = "") => `/en/maple-auto/${route}/${search}`,
    signIn,
    prefetchSignIn: vi.fn(),
    logOut: vi.fn(),
    refresh: vi.fn(),
    sessionExpired: vi.fn(),
    staff: {} as Shell["staff"],
  } as Shell;
  render(
    <MemoryRouter>
      <I18nContext.Provider value={{ locale: "en-ca", t: translator(catalogues.en) }}>
        <ShellContext.Provider value={shell}>
          <TradeInPage
            settings={tradeInSettings()}
            questions={questionnaire()}
            initial={options.trade ?? null}
            order={null}
            orderId={12}
          />
        </ShellContext.Provider>
      </I18nContext.Provider>
    </MemoryRouter>,
  );
  return { calls, signIn };
}

const byTestId = <T extends HTMLElement = HTMLInputElement>(id: string) => screen.getByTestId(id) as T;

describe("the trade-in page", () => {
  it("a shopper not signed in is asked to sign in (the flow's preset) before the trade is created; cancelling creates nothing", async () => {
    const { calls, signIn } = open({ customer: false, signIn: "cancelled" });
    expect(byTestId("tradein-locked").textContent).toContain("Sign in to save your trade-in");
    await waitFor(() => expect((byTestId("tradein-year") as unknown as HTMLSelectElement).options.length).toBe(2));
    fireEvent.change(byTestId("tradein-year"), { target: { value: "2019" } });
    fireEvent.change(byTestId("tradein-odometer"), { target: { value: "85000" } });
    // The form is checked first: nothing is asked while it is incomplete.
    fireEvent.click(byTestId("tradein-next"));
    expect(signIn).not.toHaveBeenCalled();
    fireEvent.click(byTestId("tradein-sign-in"));
    await waitFor(() => expect(signIn).toHaveBeenCalledWith("submit-trade-in"));
    await screen.findByText("Your trade-in can only be saved once you sign in. Sign in to continue.");
    expect(calls.post).not.toHaveBeenCalled();
  });

  it("signing in from the locked step creates the trade towards the saved deal", async () => {
    const post = vi.fn(async () => tradeIn({ year: null, make: null, model: null, trim: null, odometer: null }));
    const { signIn } = open({ customer: false, signIn: "authenticated", calls: { post } });
    fireEvent.click(byTestId("tradein-sign-in"));
    await waitFor(() => expect(post).toHaveBeenCalledWith("/api/trade-in/", { order: 12 }));
    expect(signIn).toHaveBeenCalledWith("submit-trade-in");
    await waitFor(() => expect(screen.queryByTestId("tradein-locked")).toBeNull());
  });

  it("a photo flow sent with no photos opens the no-photo dialog; 'send without photos' sends it saying so", async () => {
    const sent = tradeIn({
      status: "awaiting-dealer",
      customer_state: "requested",
      estimated_low: "7450.00",
      estimated_high: "8500.00",
    });
    const request = vi.fn(async (method: string, path: string) => (path.includes("submit_tradein") ? sent : tradeIn()));
    open({ trade: tradeIn(), calls: { request } });
    // A complete draft without photos opens on its photos.
    expect(byTestId("tradein-section-vehicle-images")).toBeTruthy();
    fireEvent.click(byTestId("tradein-next"));
    fireEvent.click(await screen.findByTestId("tradein-terms"));
    fireEvent.click(byTestId("tradein-submit"));
    const dialog = await screen.findByTestId("tradein-no-photo-dialog");
    expect(request).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Send without photos" }));
    await waitFor(() => expect(byTestId("tradein-state").textContent).toBe("Offer requested"));
    expect(dialog.isConnected).toBe(false);
    expect(request).toHaveBeenCalledWith(
      "PUT",
      "/api/trade-in/41/submit_tradein/",
      expect.objectContaining({ accepted_terms: true, without_photos: true }),
    );
  });

  it("'add photos' goes back to the photos; the terms must be ticked first", async () => {
    const request = vi.fn();
    open({ trade: tradeIn(), calls: { request } });
    fireEvent.click(byTestId("tradein-next"));
    fireEvent.click(await screen.findByTestId("tradein-submit"));
    expect(document.getElementById("tradein-terms-error")?.textContent).toBe("Please accept terms to proceed.");
    await waitFor(() => expect(document.activeElement).toBe(byTestId("tradein-terms")));
    fireEvent.click(byTestId("tradein-terms"));
    fireEvent.click(byTestId("tradein-submit"));
    fireEvent.click(await screen.findByRole("button", { name: "Add photos" }));
    await screen.findByTestId("tradein-section-vehicle-images");
    expect(request).not.toHaveBeenCalled();
  });

  it("a draft resumes at the first section with answers missing", () => {
    const sections = sectionsOf("TRADE-IN", undefined);
    expect(resumeIndex(sections, null, questionnaire())).toBe(0);
    expect(resumeIndex(sections, tradeIn({ odometer: null }), questionnaire())).toBe(0);
    expect(
      resumeIndex(
        sections,
        tradeIn({ answers: { ...tradeIn().answers, involved_in_accident: null } }),
        questionnaire(),
      ),
    ).toBe(1);
    expect(resumeIndex(sections, tradeIn(), questionnaire())).toBe(2);
    const withPhoto = tradeIn({
      images: { ...tradeIn().images, front: { status: "uploaded", url: "/api/trade-in/41/photos/front/?v=1" } },
    });
    expect(resumeIndex(sections, withPhoto, questionnaire())).toBe(3);
  });
});
