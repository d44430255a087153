import type { DealerInfo, Viewer } from "@showroom/domain";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { translator } from "../../i18n/index.ts";
import { catalogues } from "../../testing/catalogues.ts";
import { dealerInfo } from "../../testing/fixtures.ts";
import { customerEntriesShown, Header, staffEntriesShown } from "./header.tsx";

const t = translator(catalogues.en);
const anonymous: Viewer = { isDealer: false, isCustomer: false, actingForCustomer: false };
const customer: Viewer = { isDealer: false, isCustomer: true, actingForCustomer: false };
const dealer: Viewer = { isDealer: true, isCustomer: false, actingForCustomer: false };
const acting: Viewer = { isDealer: true, isCustomer: true, actingForCustomer: true };

function render(info: DealerInfo, viewer: Viewer) {
  const entries = { savedDeals: 3, ordersHref: "/en/maple-auto/orders/?source=header", onSignIn: vi.fn(), onPrefetch: vi.fn(), onLogOut: vi.fn(), show: customerEntriesShown(info, viewer) };
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <Header dealer={info} t={t} viewer={viewer} routeName="search" homeHref="/en/maple-auto/search/" languageSwitch={null} onOpenMenu={vi.fn()} onContact={vi.fn()} customer={entries} />
      ),
    },
  ]);
  return renderToStaticMarkup(<Stub />);
}

describe("the customer entries of the header (spec 2.3, 6)", () => {
  it("an anonymous visitor gets Sign in, hidden on phones where the menu carries it", () => {
    const html = render(dealerInfo(), anonymous);
    expect(html).toMatch(/<button type="button" class="[^"]*max-mobile:hidden"[^>]*data-testid="header-sign-in">Sign in<\/button>/);
    expect(html).not.toContain("Saved vehicles");
  });

  it("a signed-in customer gets the saved vehicles with their count (tablet and up) and log out", () => {
    const html = render(dealerInfo(), customer);
    expect(html).toMatch(/<a class="[^"]*max-mobile:hidden"[^>]*href="\/en\/maple-auto\/orders\/\?source=header"[^>]*>Saved vehicles \(3\)<\/a>/);
    expect(html).toContain(">Log out</button>");
    expect(html).not.toContain("Sign in");
  });

  it("no saved-vehicles link with a third-party retail system; no customer log out for dealer staff or manufacturer identity", () => {
    expect(render(dealerInfo({ is_trs_enabled: true }), customer)).not.toContain("Saved vehicles");
    expect(render(dealerInfo({ enable_volkswagen_id: true }), customer)).not.toContain("Log out");
    const staff = render(dealerInfo(), acting);
    expect(staff).toContain("Saved vehicles (3)");
    expect(staff).not.toContain("Log out");
    expect(render(dealerInfo(), dealer)).not.toContain("Sign in");
  });

  it("the seamless header has no menu: its entries stay on phones", () => {
    const html = render(dealerInfo({ header_variant: "seamless" }), anonymous);
    expect(html).toMatch(/<button type="button" class="[^"]*"[^>]*data-testid="header-sign-in">Sign in/);
    expect(html).not.toMatch(/max-mobile:hidden"[^>]*data-testid="header-sign-in"/);
  });
});

describe("the manufacturer-identity entries of the customer menu (spec 2.1, 2.3)", () => {
  const vw = dealerInfo({ enable_volkswagen_id: true });
  const pages = { signInHref: "/en/maple-vw-ottawa/vw/id-login/?return_to=%2F", profileHref: "/en/maple-vw-ottawa/vw/id-profile/" };
  function renderVw(viewer: Viewer, options: Parameters<typeof customerEntriesShown>[2] = {}) {
    const entries = { savedDeals: 0, ordersHref: "/orders/", onSignIn: vi.fn(), onPrefetch: vi.fn(), onLogOut: vi.fn(), show: customerEntriesShown(vw, viewer, options), manufacturer: pages };
    const Stub = createRoutesStub([
      { path: "/", Component: () => <Header dealer={vw} t={t} viewer={viewer} routeName="vw" homeHref="/" languageSwitch={null} onOpenMenu={vi.fn()} onContact={vi.fn()} customer={entries} /> },
    ]);
    return renderToStaticMarkup(<Stub />);
  }

  it("offers the manufacturer's sign-in to an anonymous visitor and to a customer without it", () => {
    expect(renderVw(anonymous)).toMatch(/data-testid="header-manufacturer-sign-in"[^>]*>Sign in with Volkswagen ID<\/a>/);
    expect(renderVw(customer, { hasManufacturerIdentity: false })).toContain("Sign in with Volkswagen ID");
    expect(renderVw(customer, { hasManufacturerIdentity: false })).not.toContain("Profile");
  });

  it("shows Profile to a customer who has it (has_volkswagen_id)", () => {
    const html = renderVw(customer, { hasManufacturerIdentity: true });
    expect(html).toMatch(/href="\/en\/maple-vw-ottawa\/vw\/id-profile\/"[^>]*>Profile<\/a>/);
    expect(html).not.toContain("Sign in with Volkswagen ID");
  });

  it("hides the customer menu on the manufacturer-identity login page", () => {
    const html = renderVw(anonymous, { onManufacturerLoginPage: true });
    expect(html).not.toContain("Sign in");
    expect(renderVw(customer, { hasManufacturerIdentity: true, onManufacturerLoginPage: true })).not.toContain("Profile");
  });

  it("offers nothing of it where the dealership does not enable it", () => {
    const entries = customerEntriesShown(dealerInfo(), anonymous);
    expect(entries.manufacturerSignIn).toBe(false);
    expect(entries.profile).toBe(false);
  });
});

describe("the staff entries of the header (spec 2.3, 6)", () => {
  function renderStaff(info: DealerInfo, viewer: Viewer) {
    const entries = { savedDeals: 0, ordersHref: "/orders/", onSignIn: vi.fn(), onPrefetch: vi.fn(), onLogOut: vi.fn(), show: customerEntriesShown(info, viewer) };
    const staff = {
      show: staffEntriesShown(info, viewer),
      staffName: viewer.isDealer ? "Sam Rep" : null,
      actingFor: viewer.actingForCustomer ? "Marc Gagnon" : null,
      onDealerLogin: vi.fn(),
      onAddCustomer: vi.fn(),
      onPrefetch: vi.fn(),
      onReturnToList: vi.fn(),
      onLogOut: vi.fn(),
      onEndSession: vi.fn(),
    };
    const Stub = createRoutesStub([
      {
        path: "/",
        Component: () => (
          <Header dealer={info} t={t} viewer={viewer} routeName="search" homeHref="/" languageSwitch={null} onOpenMenu={vi.fn()} onContact={vi.fn()} customer={entries} staff={staff} />
        ),
      },
    ]);
    return renderToStaticMarkup(<Stub />);
  }

  it("a visitor gets the dealer login link from tablet width up, unless the theme hides it", () => {
    expect(renderStaff(dealerInfo(), anonymous)).toMatch(/max-mobile:hidden"[^>]*data-testid="header-dealer-login">Dealer login/);
    const hidden = dealerInfo();
    hidden.theme = { ...hidden.theme, is_srp_dealer_login_menu_hidden: true };
    expect(renderStaff(hidden, anonymous)).not.toContain("header-dealer-login");
  });

  it("staff without a customer: add customer and the dealer menu, no dealer login, no top bar", () => {
    const html = renderStaff(dealerInfo(), dealer);
    expect(html).toContain('data-testid="header-add-customer"');
    expect(html).toContain("Return to customer list");
    expect(html).not.toContain("header-dealer-login");
    expect(html).not.toContain("logged-in-as-bar");
    expect(html).not.toContain("End session");
  });

  it("acting for a customer: the top bar with its close icon, end session on phones only, no add customer", () => {
    const html = renderStaff(dealerInfo(), acting);
    expect(html).toContain("Logged in as Marc Gagnon");
    expect(html).toContain('aria-label="Close the customer session"');
    expect(html).toMatch(/<li class="tablet-up:hidden"><button[^>]*>End session<\/button>/);
    expect(html).not.toContain("header-add-customer");
  });
});
