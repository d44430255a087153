import { createRequire } from "node:module";
import path from "node:path";
import { dollarsToCents, formatDate, formatMoney, formatPercent, type Language, type Locale, type QuoteFlowWire, type QuoteWire } from "@showroom/domain";
import PDFDocument from "pdfkit";

// DejaVu Sans covers every letter of French (and the narrow no-break space of its punctuation); embedded, so every reader shows it.
const fontsDir = path.join(path.dirname(createRequire(import.meta.url).resolve("dejavu-fonts-ttf/package.json")), "ttf");
const REGULAR = path.join(fontsDir, "DejaVuSans.ttf");
const BOLD = path.join(fontsDir, "DejaVuSans-Bold.ttf");

const WORDS = {
  en: {
    title: "Personalized quote",
    prepared_by: "Prepared by",
    created: "Created",
    expires: "Valid until",
    phone: "Phone",
    fax: "Fax",
    tax_number: "Tax number",
    customer: "For",
    vehicle: "Vehicle",
    vin: "VIN",
    stock: "Stock number",
    mileage: "Mileage",
    condition: "Condition",
    New: "New",
    Used: "Used",
    body: "Body",
    colours: "Exterior / interior",
    drivetrain: "Drivetrain",
    fuel: "Fuel",
    transmission: "Transmission",
    option: "Option",
    payment: "Payment",
    cash: "Cash",
    finance: "Finance",
    lease: "Lease",
    term: "Term",
    months: "months",
    rate: "Rate",
    down_payment: "Down payment",
    trade_in_credit: "Trade-in credit",
    trade_in_owing: "Owing on the trade-in",
    due_on_delivery: "Due on delivery",
    savings: "Savings",
    total: "Total",
    rebates: "Rebates",
    fees: "Fees",
    discounts: "Discounts",
    disclosures: "Disclosures",
    not_priced: "This option could not be priced; ask the dealership.",
    unavailable: "The vehicle on this quote is no longer available.",
    frequency: { weekly: "weekly", biweekly: "every two weeks", semimonthly: "twice a month", monthly: "monthly" },
    disclaimer:
      "Figures are estimates for the terms shown, calculated on the quote's date, and subject to credit approval by the lender. Taxes are those of the jurisdiction shown. The quote holds until the date above; the vehicle is not reserved until you reserve an option.",
  },
  fr: {
    title: "Soumission personnalisée",
    prepared_by: "Préparée par",
    created: "Créée le",
    expires: "Valide jusqu’au",
    phone: "Téléphone",
    fax: "Télécopieur",
    tax_number: "Numéro de taxe",
    customer: "Pour",
    vehicle: "Véhicule",
    vin: "NIV",
    stock: "Numéro de stock",
    mileage: "Kilométrage",
    condition: "État",
    New: "Neuf",
    Used: "D’occasion",
    body: "Carrosserie",
    colours: "Extérieur / intérieur",
    drivetrain: "Rouage",
    fuel: "Carburant",
    transmission: "Transmission",
    option: "Option",
    payment: "Paiement",
    cash: "Comptant",
    finance: "Financement",
    lease: "Location",
    term: "Durée",
    months: "mois",
    rate: "Taux",
    down_payment: "Versement initial",
    trade_in_credit: "Valeur d’échange",
    trade_in_owing: "Solde dû sur l’échange",
    due_on_delivery: "À payer à la livraison",
    savings: "Économies",
    total: "Total",
    rebates: "Rabais",
    fees: "Frais",
    discounts: "Remises",
    disclosures: "Divulgations",
    not_priced: "Cette option n’a pas pu être calculée; communiquez avec le concessionnaire.",
    unavailable: "Le véhicule de cette soumission n’est plus disponible.",
    frequency: { weekly: "par semaine", biweekly: "aux deux semaines", semimonthly: "deux fois par mois", monthly: "par mois" },
    disclaimer:
      "Les montants sont des estimations pour les conditions indiquées, calculées à la date de la soumission, et sous réserve de l’approbation du crédit par le prêteur. Les taxes sont celles du territoire indiqué. La soumission est valide jusqu’à la date ci-dessus; le véhicule n’est réservé que lorsque vous réservez une option.",
  },
} as const;

/**
 * The quote as a PDF in the reader's language (spec 2, transactions reference 3): the dealership, who prepared it and
 * until when it holds, the vehicle, then each option with its figures and its disclosures. Fonts embedded.
 */
export function quotePdf(flow: QuoteFlowWire, language: Language, locale: Locale, currency: "cad" | "usd"): Promise<Buffer> {
  const w = WORDS[language];
  const money = (amount: string) => formatMoney(dollarsToCents(amount), { locale, currency });
  const doc = new PDFDocument({ size: "LETTER", margin: 54, info: { Title: `${w.title} · ${flow.dealership.name}`, Author: flow.dealership.name }, lang: language === "fr" ? "fr-CA" : "en-CA" } as PDFKit.PDFDocumentOptions);
  doc.registerFont("regular", REGULAR);
  doc.registerFont("bold", BOLD);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const line = (label: string, value: string, bold = false) => {
    doc.font("bold").fontSize(10).text(`${label} : `.replace(" :", language === "fr" ? "\u00a0:" : ":"), { continued: true });
    doc.font(bold ? "bold" : "regular").text(value);
  };
  const heading = (text: string, size = 13) => doc.moveDown(0.6).font("bold").fontSize(size).text(text).moveDown(0.2);

  doc.font("bold").fontSize(18).text(flow.dealership.name);
  const contact = [
    flow.dealership.phone && `${w.phone} ${flow.dealership.phone}`,
    flow.dealership.fax && `${w.fax} ${flow.dealership.fax}`,
    flow.dealership.tax_number && `${w.tax_number} ${flow.dealership.tax_number}`,
  ].filter(Boolean);
  if (contact.length) doc.font("regular").fontSize(10).text(contact.join(" · "));
  heading(w.title, 16);
  line(w.customer, flow.customer.full_name || flow.customer.email);
  if (flow.prepared_by) line(w.prepared_by, `${flow.prepared_by.name} (${flow.prepared_by.email})`);
  line(w.created, formatDate(flow.created, locale));
  if (flow.quote_expiry) line(w.expires, formatDate(`${flow.quote_expiry}T00:00:00Z`, locale), true);

  const v = flow.vehicle;
  heading(`${w.vehicle} : ${language === "fr" ? v.title_fr : v.title}`.replace(" :", language === "fr" ? "\u00a0:" : ":"));
  if (!v.is_available) doc.font("bold").fontSize(10).fillColor("#991b1b").text(w.unavailable).fillColor("black");
  line(w.vin, v.vin);
  line(w.stock, v.stock_number);
  line(w.mileage, `${new Intl.NumberFormat(locale === "fr-ca" ? "fr-CA" : "en-CA").format(v.odometer)} km`);
  line(w.condition, w[v.vehicle_condition]);
  line(w.body, v.body_type);
  line(w.colours, `${v.exterior_color} / ${v.interior_color}`);
  line(w.drivetrain, v.drivetrain);
  line(w.fuel, v.fuel_type);
  line(w.transmission, v.transmission);

  for (const quote of flow.results) optionSection(doc, quote, { w, locale, money, line, heading });

  doc.moveDown(1).font("regular").fontSize(8).fillColor("#444444").text(w.disclaimer);
  doc.end();
  return done;
}

function optionSection(
  doc: PDFKit.PDFDocument,
  quote: QuoteWire,
  h: { w: (typeof WORDS)[Language]; locale: Locale; money(amount: string): string; line(label: string, value: string, bold?: boolean): void; heading(text: string): unknown },
) {
  const { w, money, line } = h;
  if (doc.y > 600) doc.addPage();
  h.heading(`${w.option} ${quote.position}${quote.quote_name ? ` · ${quote.quote_name}` : ""} · ${w[quote.payment_type]}`);
  const option = quote.option;
  if (!option) {
    doc.font("regular").fontSize(10).text(w.not_priced);
    return;
  }
  const frequency = option.payment_frequency ? ` ${w.frequency[option.payment_frequency]}` : "";
  line(w.payment, `${money(option.payment)}${quote.payment_type === "cash" ? "" : frequency}`, true);
  if (option.term) line(w.term, `${option.term} ${w.months}`);
  if (option.rate) line(w.rate, formatPercent(option.rate, h.locale));
  line(w.down_payment, money(quote.down_payment));
  if (quote.trade_in_credit !== "0.00") line(w.trade_in_credit, money(quote.trade_in_credit));
  if (quote.trade_in_owing !== "0.00") line(w.trade_in_owing, money(quote.trade_in_owing));
  if (quote.due_on_delivery) line(w.due_on_delivery, money(quote.due_on_delivery));
  if (quote.savings !== "0.00") line(w.savings, money(quote.savings));
  line(w.total, money(option.total_purchase_price), true);
  const items = (label: string, list: { name: string; amount: string }[]) => {
    if (list.length) line(label, list.map((item) => `${item.name} ${money(item.amount)}`).join(" · "));
  };
  items(w.rebates, quote.rebates);
  items(w.fees, quote.custom_fees);
  items(w.discounts, quote.custom_discounts);
  if (quote.disclosures.length) {
    doc.moveDown(0.3).font("bold").fontSize(10).text(w.disclosures);
    for (const d of quote.disclosures) line(d.label, d.value, d.emphasis === "primary");
  }
}

/** The PDF's file name: the dealership's word for a quote and its number. */
export const quotePdfFilename = (flow: Pick<QuoteFlowWire, "id">, language: Language) => `${language === "fr" ? "soumission" : "quote"}-${flow.id}.pdf`;
