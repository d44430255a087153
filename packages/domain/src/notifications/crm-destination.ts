/** A dealership's private CRM settings (never part of the public dealer info). */
export type CrmSettings = {
  /** Where ADF leads are mailed; null: the dealership has no CRM. */
  crm_email: string | null;
  /** Whether leads that staff create go to the CRM too. */
  dealer_leads_enabled: boolean;
};

export type CrmLeadOrigin = {
  created_by_staff: boolean;
  /** The lead's own choice: false keeps it out of the CRM. */
  send_lead_to_crm: boolean;
};

/** The address a lead is mailed to as ADF, or null when it goes to no CRM. */
export function crmDestination(settings: CrmSettings, lead: CrmLeadOrigin): string | null {
  const address = settings.crm_email?.trim();
  if (!address) return null;
  if (!lead.send_lead_to_crm) return null;
  if (lead.created_by_staff && !settings.dealer_leads_enabled) return null;
  return address;
}
