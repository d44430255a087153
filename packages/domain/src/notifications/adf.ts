/**
 * ADF (Auto-lead Data Format) 1.0: the XML most dealer CRMs accept by email. Every text is escaped and
 * stripped of characters XML 1.0 cannot carry, so a shopper's input can never break the document.
 */

/** The vehicle a lead is about. */
export type AdfVehicle = {
  year: number | null;
  make: string | null;
  model: string | null;
  trim: string | null;
  vin: string | null;
  stock_number: string | null;
  condition: "new" | "used";
  /** What the shopper wants with it (ADF vehicle interest); "buy" unless said. */
  interest?: "buy" | "lease" | "test-drive";
  /** A price the lead carries (the deal's selling price as a quote), whole dollars. */
  price?: { amount: string; currency: "CAD" | "USD"; type: "quote" | "offer" | "msrp" | "asking" } | null;
  /** How the shopper means to pay (the saved deal's payment): method and amounts in whole dollars. */
  finance?: { method: "cash" | "finance" | "lease"; amounts: { type: "downpayment" | "monthly" | "total"; amount: string; currency: "CAD" | "USD" }[] } | null;
  comments?: string | null;
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

/** A postal address of the customer (where a test drive is brought). */
export type AdfAddress = { type: "home" | "work" | "delivery"; street: string; city: string | null; regioncode: string | null; postalcode: string | null; country: "CA" | "US" | null };

export type AdfLead = {
  /** Our id of the lead, so the CRM can tell a repeated delivery from a new lead. */
  id?: string | number | null;
  requested_at: Date;
  first_name: string;
  last_name: string;
  /** The customer's email and/or phone: a lead has at least one (the ADF contact needs one). */
  email: string | null;
  phone: string | null;
  address?: AdfAddress | null;
  comments: string | null;
  /** What kind of lead this is ("contact_dealer") and, when known, where on the site it came from ("vdp"). */
  lead_type: string;
  source?: string | null;
  /** The vehicle of interest; without one the lead names none (year, make and model present and empty, as ADF requires a vehicle). */
  vehicle?: AdfVehicle | null;
  /** The shopper's trade, sent as a second vehicle of interest "trade-in" (transactions reference 5). */
  trade_in?: AdfTradeIn | null;
  /** The dealership the lead is for, and its phone (the vendor contact ADF requires). */
  vendor_name: string;
  vendor_phone: string;
  /** Who sends the lead (this storefront), and its address. */
  provider_name: string;
  provider_url?: string | null;
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

/** The element whatever its value: ADF requires it (a vehicle's year, make and model), even when we do not know it. */
function required(indent: string, tag: string, value: string | number | null | undefined): string[] {
  return present(value) ? element(indent, tag, value) : [`${indent}<${tag}></${tag}>`];
}

/** A vehicle in the order of the ADF 1.0 DTD: id*, year, make, model, vin?, stock?, trim?, …, odometer?, …, price?, …, finance?, comments?. */
function vehicleLines(vehicle: AdfVehicle | null): string[] {
  const attributes = vehicle ? ` interest="${vehicle.interest ?? "buy"}" status="${vehicle.condition}"` : ' interest="buy" status="new"';
  const finance = vehicle?.finance;
  return [
    `    <vehicle${attributes}>`,
    ...required("      ", "year", vehicle?.year),
    ...required("      ", "make", vehicle?.make),
    ...required("      ", "model", vehicle?.model),
    ...element("      ", "vin", vehicle?.vin),
    ...element("      ", "stock", vehicle?.stock_number),
    ...element("      ", "trim", vehicle?.trim),
    ...(vehicle?.price ? element("      ", "price", vehicle.price.amount, ` type="${vehicle.price.type}" currency="${vehicle.price.currency}"`) : []),
    ...(finance && finance.amounts.length
      ? [
          "      <finance>",
          ...element("        ", "method", finance.method),
          ...finance.amounts.flatMap((a) => element("        ", "amount", a.amount, ` type="${a.type}" currency="${a.currency}"`)),
          "      </finance>",
        ]
      : []),
    ...element("      ", "comments", vehicle?.comments),
    "    </vehicle>",
  ];
}

function tradeInLines(trade: AdfTradeIn): string[] {
  return [
    '    <vehicle interest="trade-in" status="used">',
    ...required("      ", "year", trade.year),
    ...required("      ", "make", trade.make),
    ...required("      ", "model", trade.model),
    ...element("      ", "vin", trade.vin),
    ...element("      ", "trim", trade.trim),
    ...element("      ", "odometer", trade.odometer, ` status="original" units="${trade.odometer_units}"`),
    ...(trade.appraisal ? element("      ", "price", trade.appraisal.amount, ` type="appraisal" currency="${trade.appraisal.currency}"`) : []),
    ...element("      ", "comments", trade.comments),
    "    </vehicle>",
  ];
}

function addressLines(address: AdfAddress): string[] {
  return [
    `        <address type="${address.type}">`,
    ...element("          ", "street", address.street, ' line="1"'),
    ...element("          ", "city", address.city),
    ...element("          ", "regioncode", address.regioncode),
    ...element("          ", "postalcode", address.postalcode),
    ...element("          ", "country", address.country),
    "        </address>",
  ];
}

/**
 * One lead as an ADF 1.0 document, every element where the DTD puts it: the `adf` processing instruction, then a
 * prospect with id, requestdate, the vehicle (and the trade-in as a second one), the customer (contact, then
 * comments), the vendor (name, then the dealership's contact) and the provider.
 */
export function renderAdfLead(lead: AdfLead): string {
  const service = present(lead.source) ? `${lead.lead_type} (${lead.source!.trim()})` : lead.lead_type;
  const lines = [
    '<?xml version="1.0"?>',
    '<?adf version="1.0"?>',
    "<adf>",
    '  <prospect status="new">',
    ...element("    ", "id", lead.id, ` sequence="1" source="${escapeXmlText(lead.provider_name)}"`),
    ...element("    ", "requestdate", adfDate(lead.requested_at)),
    ...vehicleLines(lead.vehicle ?? null),
    ...(lead.trade_in ? tradeInLines(lead.trade_in) : []),
    "    <customer>",
    "      <contact>",
    ...element("        ", "name", lead.first_name, ' part="first"'),
    ...element("        ", "name", lead.last_name, ' part="last"'),
    ...element("        ", "email", lead.email),
    ...element("        ", "phone", lead.phone),
    ...(lead.address ? addressLines(lead.address) : []),
    "      </contact>",
    ...element("      ", "comments", lead.comments),
    "    </customer>",
    "    <vendor>",
    ...element("      ", "vendorname", lead.vendor_name),
    "      <contact>",
    ...element("        ", "name", lead.vendor_name, ' part="full"'),
    ...element("        ", "phone", lead.vendor_phone),
    "      </contact>",
    "    </vendor>",
    "    <provider>",
    ...element("      ", "name", lead.provider_name),
    ...element("      ", "service", service),
    ...element("      ", "url", lead.provider_url),
    "    </provider>",
    "  </prospect>",
    "</adf>",
  ];
  return `${lines.join("\n")}\n`;
}
