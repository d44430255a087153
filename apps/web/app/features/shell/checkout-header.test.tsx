import type { Viewer } from "@showroom/domain";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { translator } from "../../i18n/index.ts";
import { catalogues } from "../../testing/catalogues.ts";
import { dealerInfo } from "../../testing/fixtures.ts";
import { customerEntriesShown, Header } from "./header.tsx";

const t = translator(catalogues.en);
const anonymous: Viewer = { isDealer: false, isCustomer: false, actingForCustomer: false };
const customer: Viewer = { isDealer: false, isCustomer: true, actingForCustomer: false };
const checkout = dealerInfo({ header_variant: "checkout" });

function render(viewer: Viewer, routeName: string) {
  const entries = { savedDeals: 2, ordersHref: "/en/maple-auto/orders/?source=header", onSignIn: vi.fn(), onPrefetch: vi.fn(), onLogOut: vi.fn(), show: customerEntriesShown(checkout, viewer) };
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <Header dealer={checkout} t={t} viewer={viewer} routeName={routeName} homeHref="/en/maple-auto/search/" languageSwitch={null} onOpenMenu={vi.fn()} onContact={vi.fn()} customer={entries} />
      ),
    },
  ]);
  return renderToStaticMarkup(<Stub />);
}

describe("the checkout-style header (spec 2.3)", () => {
  it("has no cart item for an anonymous visitor, who can sign in", () => {
    const html = render(anonymous, "search");
    expect(html).toContain('data-header-variant="checkout"');
    expect(html).not.toContain('data-testid="header-cart"');
    expect(html).toContain(">Sign in</button>");
  });

  it("shows the cart item with the count to a signed-in shopper, instead of the saved-vehicles link", () => {
    const html = render(customer, "search");
    const cart = /<a [^>]*data-testid="header-cart"[^>]*>/.exec(html)?.[0] ?? "";
    expect(cart).toContain('href="/en/maple-auto/orders/?source=header"');
    expect(html).toMatch(/data-testid="header-cart"[^>]*>.*Cart \(2\)<\/a>/);
    expect(html).not.toMatch(/data-testid="header-cart"[^>]*aria-current/);
    expect(html).not.toMatch(/aria-current="page"[^>]*data-testid="header-cart"/);
    expect(html).not.toContain("Saved vehicles");
  });

  it("makes the cart the current item on the orders route", () => {
    const html = render(customer, "orders");
    expect(/<a [^>]*data-testid="header-cart"[^>]*>/.exec(html)?.[0]).toContain('aria-current="page"');
  });
});
