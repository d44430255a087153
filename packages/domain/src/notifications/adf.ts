/**
 * ADF (Auto-lead Data Format) 1.0: the XML most dealer CRMs accept by email. Every text is escaped and
 * stripped of characters XML 1.0 cannot carry, so a shopper's input can never break the document.
 */

export type AdfVehicle = {
  year: number | null;
  make: string | null;
  model: string | null;
  trim: string | null;
  vin: string | null;
  stock_number: string | null;
  condition: "new" | "used";
};

export type AdfTradeIn = {
  year: number | null;
  make: string | null;
  model: string | null;
  trim: string | null;
  vin: string | null;
  odometer: number | null;
  odometer_units: "km" | "mi";
  /** The value the dealership put on it (an accepted offer or the estimate's low end), in whole dollars; null when none. */
  appraisal: { amount: string; currency: "CAD" | "USD" } | null;
  comments: string | null;
};

export type AdfLead = {
  /** Our id of the lead, so the CRM can tell a repeated delivery from a new lead. */
  id?: string | number | null;
  requested_at: Date;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  comments: string | null;
  /** What kind of lead this is ("contact_dealer") and, when known, where on the site it came from ("vdp"). */
  lead_type: string;
  source?: string | null;
  vehicle?: AdfVehicle | null;
  /** The shopper's trade, sent as a second vehicle of interest "trade-in" (transactions reference 5). */
  trade_in?: AdfTradeIn | null;
  /** The dealership the lead is for. */
  vendor_name: string;
  /** Who sends the lead (this storefront). */
  provider_name: string;
};

/** Keeps only the characters XML 1.0 allows (tab, line feed, carriage return and the non-control ranges). */
function xmlCharacters(text: string): string {
  let out = "";
  for (const char of text) {
    const code = char.codePointAt(0)!;
    const allowed =
      code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd) || code >= 0x10000;
    if (allowed) out += char;
  }
  return out;
}

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** Text safe inside an XML element or a quoted attribute. */
export function escapeXmlText(text: string): string {
  return xmlCharacters(text).replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

const present = (value: string | number | null | undefined): value is string | number =>
  value !== null && value !== undefined && String(value).trim() !== "";

/** `<tag attrs>text</tag>`, or nothing when the value is absent. */
function element(indent: string, tag: string, value: string | number | null | undefined, attributes = ""): string[] {
  return present(value) ? [`${indent}<${tag}${attributes}>${escapeXmlText(String(value).trim())}</${tag}>`] : [];
}

/** ISO 8601 to the second, in UTC (ADF's requestdate). */
function adfDate(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}

function vehicleLines(vehicle: AdfVehicle): string[] {
  return [
    `    <vehicle interest="buy" status="${vehicle.condition}">`,
    ...element("      ", "year", vehicle.year),
    ...element("      ", "make", vehicle.make),
    ...element("      ", "model", vehicle.model),
    ...element("      ", "trim", vehicle.trim),
    ...element("      ", "vin", vehicle.vin),
    ...element("      ", "stock", vehicle.stock_number),
    "    </vehicle>",
  ];
}

function tradeInLines(trade: AdfTradeIn): string[] {
  return [
    '    <vehicle interest="trade-in" status="used">',
    ...element("      ", "year", trade.year),
    ...element("      ", "make", trade.make),
    ...element("      ", "model", trade.model),
    ...element("      ", "trim", trade.trim),
    ...element("      ", "vin", trade.vin),
    ...element("      ", "odometer", trade.odometer, ` status="original" units="${trade.odometer_units}"`),
    ...(trade.appraisal ? element("      ", "price", trade.appraisal.amount, ` type="appraisal" currency="${trade.appraisal.currency}"`) : []),
    ...element("      ", "comments", trade.comments),
    "    </vehicle>",
  ];
}

export function renderAdfLead(lead: AdfLead): string {
  const service = present(lead.source) ? `${lead.lead_type} (${lead.source!.trim()})` : lead.lead_type;
  const lines = [
    '<?xml version="1.0"?>',
    '<?adf version="1.0"?>',
    "<adf>",
    '  <prospect status="new">',
    ...element("    ", "id", lead.id, ` sequence="1" source="${escapeXmlText(lead.provider_name)}"`),
    ...element("    ", "requestdate", adfDate(lead.requested_at)),
    ...(lead.vehicle ? vehicleLines(lead.vehicle) : []),
    ...(lead.trade_in ? tradeInLines(lead.trade_in) : []),
    "    <customer>",
    "      <contact>",
    ...element("        ", "name", lead.first_name, ' part="first"'),
    ...element("        ", "name", lead.last_name, ' part="last"'),
    ...element("        ", "email", lead.email),
    ...element("        ", "phone", lead.phone),
    "      </contact>",
    ...element("      ", "comments", lead.comments),
    "    </customer>",
    "    <vendor>",
    ...element("      ", "vendorname", lead.vendor_name),
    "    </vendor>",
    "    <provider>",
    ...element("      ", "name", lead.provider_name),
    ...element("      ", "service", service),
    "    </provider>",
    "  </prospect>",
    "</adf>",
  ];
  return `${lines.join("\n")}\n`;
}
