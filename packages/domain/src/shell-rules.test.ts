import { describe, expect, it } from "vitest";
import { classicHeaderElements, sanitizeFooterHtml } from "./shell-rules.ts";

const dealer = {
  show_dealership_address_in_header: true,
  srp_show_contact_dealer_button: true,
  is_multilingual: true,
  is_trs_enabled: false,
  enable_volkswagen_id: false,
  theme: { is_srp_dealer_login_menu_hidden: false },
} as Parameters<typeof classicHeaderElements>[0];
const anonymous = { isDealer: false, isCustomer: false, actingForCustomer: false };

describe("classic header elements", () => {
  it("shows the contact button only on the vehicle list, never to staff, and only when enabled", () => {
    expect(classicHeaderElements(dealer, anonymous, { name: "search" }).contactDealerButton).toBe(true);
    expect(classicHeaderElements(dealer, anonymous, { name: "details-id" }).contactDealerButton).toBe(false);
    expect(classicHeaderElements(dealer, { ...anonymous, isDealer: true }, { name: "search" }).contactDealerButton).toBe(false);
    expect(classicHeaderElements({ ...dealer, srp_show_contact_dealer_button: false }, anonymous, { name: "search" }).contactDealerButton).toBe(false);
  });

  it("offers the language toggle to multilingual dealers only", () => {
    expect(classicHeaderElements(dealer, anonymous, { name: "search" }).languageToggle).toBe(true);
    expect(classicHeaderElements({ ...dealer, is_multilingual: false }, anonymous, { name: "search" }).languageToggle).toBe(false);
  });

  it("hides the dealer login link from staff and when the theme hides it", () => {
    expect(classicHeaderElements(dealer, anonymous, { name: "search" }).dealerLoginLink).toBe(true);
    expect(classicHeaderElements(dealer, { ...anonymous, isDealer: true }, { name: "search" }).dealerLoginLink).toBe(false);
    const hidden = { ...dealer, theme: { is_srp_dealer_login_menu_hidden: true } } as typeof dealer;
    expect(classicHeaderElements(hidden, anonymous, { name: "search" }).dealerLoginLink).toBe(false);
  });

  it("gives customers saved vehicles and log-out, except in TRS and manufacturer-identity setups", () => {
    const customer = { ...anonymous, isCustomer: true };
    expect(classicHeaderElements(dealer, customer, { name: "search" })).toMatchObject({ savedVehiclesLink: true, customerLogOut: true });
    expect(classicHeaderElements({ ...dealer, is_trs_enabled: true }, customer, { name: "search" }).savedVehiclesLink).toBe(false);
    expect(classicHeaderElements({ ...dealer, enable_volkswagen_id: true }, customer, { name: "search" }).customerLogOut).toBe(false);
  });

  it("gives staff the add-customer button until they act for a customer, then the top bar and customer menu", () => {
    const staff = { isDealer: true, isCustomer: false, actingForCustomer: false };
    expect(classicHeaderElements(dealer, staff, { name: "search" })).toMatchObject({ addCustomerButton: true, customerMenu: false, loggedInAsBar: false });
    const acting = { isDealer: true, isCustomer: true, actingForCustomer: true };
    expect(classicHeaderElements(dealer, acting, { name: "search" })).toMatchObject({ addCustomerButton: false, customerMenu: true, loggedInAsBar: true });
  });
});

describe("footer HTML sanitising", () => {
  it("keeps allowed tags and safe links", () => {
    expect(sanitizeFooterHtml('<p>Hi <strong>there</strong> <a href="https://x.example/a?b=1">site</a></p>')).toBe(
      '<p>Hi <strong>there</strong> <a href="https://x.example/a?b=1" target="_blank" rel="noopener noreferrer">site</a></p>',
    );
  });
  it("drops scripts, event handlers, styles and javascript: links", () => {
    const out = sanitizeFooterHtml(
      '<p onclick="steal()">x</p><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">y</a><style>body{}</style>',
    );
    expect(out).toBe("<p>x</p><a>y</a>");
    expect(out).not.toMatch(/script|onerror|onclick|javascript|style/i);
  });
  it("escapes stray angle brackets and quotes in text", () => {
    expect(sanitizeFooterHtml('a < b "c" <unclosed')).toBe("a &lt; b &quot;c&quot; &lt;unclosed");
  });
});
