// @vitest-environment happy-dom
import type { DealerUser, DepositWire } from "@showroom/domain";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { I18nContext, translator } from "../../i18n/index.ts";
import type { ApiClient } from "../../lib/api-client.ts";
import { ApiRequestError } from "../../lib/api-client.ts";
import { ShellContext, type Shell } from "../../lib/shell-context.tsx";
import { catalogues } from "../../testing/catalogues.ts";
import { depositWire } from "../../testing/deposits.ts";
import { dealerInfo } from "../../testing/fixtures.ts";
import { dealDeposit, StaffDealDeposit } from "./staff-deposits.tsx";

afterEach(cleanup);

function open(deposit: DepositWire | null, options: { role?: DealerUser["role"]; post?: ApiClient["post"]; failed?: boolean } = {}) {
  const post = options.post ?? vi.fn();
  const client = { get: vi.fn(), post, request: vi.fn() } as unknown as ApiClient;
  const shell = {
    dealer: dealerInfo({ time_zone: "America/Toronto" }),
    locale: "en-ca",
    dealerUser: { id: 3, role: options.role ?? "dealer_sales_manager", is_super_admin: false, full_name: "Alex Martin" } as DealerUser,
    quietApi: client,
    api: client,
  } as unknown as Shell;
  render(
    <I18nContext.Provider value={{ locale: "en-ca", t: translator(catalogues.en) }}>
      <ShellContext.Provider value={shell}>
        <StaffDealDeposit deposit={deposit} failed={options.failed ?? false} />
      </ShellContext.Provider>
    </I18nContext.Provider>,
  );
  return { post };
}

describe("the workspace's deposit of a deal", () => {
  it("shows the hold: state, amounts, card, deadline and a refund request", () => {
    open(depositWire({ refund_requested_at: "2026-05-15T15:00:00.000Z" }), { role: "dealer_sales_rep" });
    expect(screen.getByTestId("workspace-deposit-status").textContent).toBe("Held (pre-authorized)");
    expect(screen.getByTestId("workspace-deposit-amounts").textContent).toBe("$500.00 (deposit $500.00, fees $0.00)");
    expect(screen.getByTestId("workspace-deposit-card").textContent).toBe("Card: Visa •••• 4242");
    expect(screen.getByTestId("workspace-deposit-deadline").textContent).toBe("Hold ends May 21, 2026 at 11:00 a.m.");
    expect(screen.getByTestId("workspace-deposit-refund-requested").textContent).toBe("Refund requested on May 15, 2026 at 11:00 a.m.");
  });

  it("offers no money buttons to a sales rep", () => {
    open(depositWire(), { role: "dealer_sales_rep" });
    expect(screen.queryByTestId("workspace-deposit-capture")).toBeNull();
    expect(screen.queryByTestId("workspace-deposit-release")).toBeNull();
  });

  it("lets a manager release a hold after a confirmation, and shows the answer in place", async () => {
    const post = vi.fn(async () => depositWire({ status: "canceled", deposit_status: "initial" }));
    open(depositWire(), { post: post as unknown as ApiClient["post"] });
    expect(screen.getByTestId("workspace-deposit-capture")).toBeTruthy();
    fireEvent.click(screen.getByTestId("workspace-deposit-release"));
    expect(screen.getByTestId("workspace-deposit-question").textContent).toBe(
      "Release the hold of $500.00? Nothing is charged and the vehicle is free again.",
    );
    expect(post).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId("workspace-deposit-yes"));
    expect((await screen.findByTestId("workspace-deposit-message")).textContent).toBe("Released: nothing was charged.");
    expect(post).toHaveBeenCalledWith("/api/quickshop/deposits/12/release/", {});
    expect(screen.getByTestId("workspace-deposit-status").textContent).toBe("Released");
    expect(screen.queryByTestId("workspace-deposit-release")).toBeNull();
  });

  it("refunds a paid deposit keeping the cancellation fee unless unticked", async () => {
    const paid = depositWire({ status: "confirmed", deposit_status: "completed", deposit_amount_paid: "500.00", refundable_on_request: false, deposit_cancellation_fee: "100.00" });
    const post = vi.fn(async () => ({ ...paid, status: "refunded" as const, refunded: "500.00" }));
    open(paid, { role: "dealer_admin", post: post as unknown as ApiClient["post"] });
    fireEvent.click(screen.getByTestId("workspace-deposit-refund"));
    expect(screen.getByLabelText("Keep the cancellation fee of $100.00")).toBeTruthy();
    expect(screen.getByTestId("workspace-deposit-question").textContent).toBe(
      "Refund $400.00 to the customer’s card, keeping the cancellation fee of $100.00?",
    );
    fireEvent.click(screen.getByTestId("workspace-deposit-keep-fee"));
    expect(screen.getByTestId("workspace-deposit-question").textContent).toBe("Refund $500.00 to the customer’s card?");
    fireEvent.click(screen.getByTestId("workspace-deposit-yes"));
    expect(await screen.findByText("Refunded.")).toBeTruthy();
    expect(post).toHaveBeenCalledWith("/api/quickshop/deposits/12/refund/", { apply_cancellation_fee: false });
  });

  it("has no fee checkbox when the deposit is refundable on request, and says a refusal", async () => {
    const paid = depositWire({ status: "confirmed", deposit_status: "completed", deposit_cancellation_fee: "100.00" });
    const post = vi.fn(async () => {
      throw new ApiRequestError({ kind: "http", status: 403, body: { detail: "permission_denied" } });
    });
    open(paid, { post: post as unknown as ApiClient["post"] });
    fireEvent.click(screen.getByTestId("workspace-deposit-refund"));
    expect(screen.queryByTestId("workspace-deposit-keep-fee")).toBeNull();
    fireEvent.click(screen.getByTestId("workspace-deposit-yes"));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "The deposit could not be changed: Your role cannot move deposits; a sales manager or an administrator can.",
    );
  });

  it("picks a deal's live deposit and says when none or when they could not be read", () => {
    const list = [depositWire({ id: 3, status: "canceled" }), depositWire({ id: 2 }), depositWire({ id: 1, order: 9 })];
    expect(dealDeposit(list, 41)?.id).toBe(2);
    expect(dealDeposit(list, 77)).toBeNull();
    open(null, { failed: true });
    expect(screen.getByText("The deposits could not be loaded.")).toBeTruthy();
  });
});
