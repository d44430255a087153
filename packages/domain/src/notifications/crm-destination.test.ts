import { describe, expect, it } from "vitest";
import { crmDestination } from "./crm-destination.ts";

const crm = { crm_email: "crm@maple-auto.example", dealer_leads_enabled: true };
const shopper = { created_by_staff: false, send_lead_to_crm: true };
const staff = { created_by_staff: true, send_lead_to_crm: true };

describe("crmDestination", () => {
  it("sends a shopper's lead to the dealership's CRM address", () => {
    expect(crmDestination(crm, shopper)).toBe("crm@maple-auto.example");
    expect(crmDestination({ ...crm, dealer_leads_enabled: false }, shopper)).toBe("crm@maple-auto.example");
  });
  it("sends nothing when the dealership has no CRM (null or blank address)", () => {
    expect(crmDestination({ ...crm, crm_email: null }, shopper)).toBeNull();
    expect(crmDestination({ ...crm, crm_email: "  " }, shopper)).toBeNull();
  });
  it("sends nothing when the lead asked not to go to the CRM, whoever created it", () => {
    expect(crmDestination(crm, { ...shopper, send_lead_to_crm: false })).toBeNull();
    expect(crmDestination(crm, { ...staff, send_lead_to_crm: false })).toBeNull();
  });
  it("sends a staff lead only when the dealership takes dealer leads", () => {
    expect(crmDestination(crm, staff)).toBe("crm@maple-auto.example");
    expect(crmDestination({ ...crm, dealer_leads_enabled: false }, staff)).toBeNull();
  });
});
