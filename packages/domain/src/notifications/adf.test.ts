import { describe, expect, it } from "vitest";
import { escapeXmlText, renderAdfLead, type AdfLead } from "./adf.ts";
import { adfStructureProblems } from "./adf-structure.ts";

const lead: AdfLead = {
  id: 42,
  requested_at: new Date("2026-11-21T15:00:00.123Z"),
  first_name: "Jordan",
  last_name: "Lee",
  email: "jordan@example.com",
  phone: "4165550142",
  comments: "Can I see it Saturday?",
  lead_type: "contact_dealer",
  source: "vdp",
  vehicle: { year: 2025, make: "Honda", model: "Civic", trim: "EX", vin: "2HGFE2F59SH000001", stock_number: "A1234", condition: "used" },
  vendor_name: "Maple Auto Toronto",
  vendor_phone: "(416) 555-0142",
  provider_name: "Showroom",
};

const xmlFreeTrade = { year: 2019, make: "Honda", model: "Civic", trim: null, vin: null, odometer: null, odometer_units: "km" as const, appraisal: null, comments: null };

describe("renderAdfLead", () => {
  it("writes an ADF 1.0 prospect with the customer, the vehicle, the vendor and the provider", () => {
    const xml = renderAdfLead(lead);
    expect(xml.startsWith('<?xml version="1.0"?>\n<?adf version="1.0"?>\n<adf>\n  <prospect status="new">')).toBe(true);
    expect(xml).toContain('<id sequence="1" source="Showroom">42</id>');
    expect(xml).toContain("<requestdate>2026-11-21T15:00:00Z</requestdate>");
    expect(xml).toContain(
      [
        '    <vehicle interest="buy" status="used">',
        "      <year>2025</year>",
        "      <make>Honda</make>",
        "      <model>Civic</model>",
        "      <vin>2HGFE2F59SH000001</vin>",
        "      <stock>A1234</stock>",
        "      <trim>EX</trim>",
        "    </vehicle>",
      ].join("\n"),
    );
    expect(xml).toContain('<name part="first">Jordan</name>');
    expect(xml).toContain('<name part="last">Lee</name>');
    expect(xml).toContain("<email>jordan@example.com</email>");
    expect(xml).toContain("<phone>4165550142</phone>");
    expect(xml).toContain("<comments>Can I see it Saturday?</comments>");
    expect(xml).toContain(
      '<vendor>\n      <vendorname>Maple Auto Toronto</vendorname>\n      <contact>\n        <name part="full">Maple Auto Toronto</name>\n        <phone>(416) 555-0142</phone>\n      </contact>\n    </vendor>',
    );
    expect(xml).toContain("<provider>\n      <name>Showroom</name>\n      <service>contact_dealer (vdp)</service>\n    </provider>");
    expect(xml.trimEnd().endsWith("</prospect>\n</adf>")).toBe(true);
  });

  it("sends the shopper's trade as a second vehicle of interest trade-in, after the one they buy", () => {
    const xml = renderAdfLead({
      ...lead,
      trade_in: {
        year: 2019, make: "Honda", model: "Civic", trim: "LX", vin: "2HGFC2F50KH542313", odometer: 98_000, odometer_units: "km",
        appraisal: { amount: "14250", currency: "CAD" }, comments: "Offer accepted",
      },
    });
    expect(xml).toContain(
      [
        '    <vehicle interest="trade-in" status="used">',
        "      <year>2019</year>",
        "      <make>Honda</make>",
        "      <model>Civic</model>",
        "      <vin>2HGFC2F50KH542313</vin>",
        "      <trim>LX</trim>",
        '      <odometer status="original" units="km">98000</odometer>',
        '      <price type="appraisal" currency="CAD">14250</price>',
        "      <comments>Offer accepted</comments>",
        "    </vehicle>",
      ].join("\n"),
    );
    expect(xml.indexOf('interest="buy"')).toBeLessThan(xml.indexOf('interest="trade-in"'));
    expect(renderAdfLead({ ...lead, trade_in: { ...xmlFreeTrade, appraisal: null } })).not.toContain("<price");
  });

  it("escapes every text, in elements and attributes", () => {
    const xml = renderAdfLead({
      ...lead,
      first_name: `O'Neil & <Sons>`,
      last_name: `"Quoted"`,
      comments: "</comments><script>alert(1)</script>",
      vendor_name: "A & B <Motors>",
      provider_name: `Show"room`,
      vehicle: { ...lead.vehicle!, model: "Model <3>", trim: "S & T" },
    });
    expect(xml).toContain('<name part="first">O&apos;Neil &amp; &lt;Sons&gt;</name>');
    expect(xml).toContain('<name part="last">&quot;Quoted&quot;</name>');
    expect(xml).toContain("<comments>&lt;/comments&gt;&lt;script&gt;alert(1)&lt;/script&gt;</comments>");
    expect(xml).toContain("<vendorname>A &amp; B &lt;Motors&gt;</vendorname>");
    expect(xml).toContain('source="Show&quot;room"');
    expect(xml).toContain("<model>Model &lt;3&gt;</model>");
    expect(xml).toContain("<trim>S &amp; T</trim>");
    expect(xml).not.toContain("<script>");
  });

  it("drops characters XML cannot carry and keeps line breaks and other scripts", () => {
    expect(escapeXmlText("a\u0000b\u0007c\u001Fd\uFFFEe\uD800f")).toBe("abcdef");
    expect(escapeXmlText("ligne 1\nligne 2\tÉté 🚗")).toBe("ligne 1\nligne 2\tÉté 🚗");
  });

  it("omits what the lead does not have (phone, comments, id, source, vehicle details) but keeps what ADF requires", () => {
    const xml = renderAdfLead({ ...lead, id: null, vehicle: null, phone: null, comments: "  ", source: null });
    // ADF needs a vehicle with a year, make and model: a lead about no vehicle names one with those left empty.
    expect(xml).toContain('<vehicle interest="buy" status="new">\n      <year></year>\n      <make></make>\n      <model></model>\n    </vehicle>');
    expect(xml).not.toContain("<phone>4165550142");
    expect(xml).not.toMatch(/<customer>[^]*<comments>/);
    expect(xml).not.toContain("<id");
    expect(xml).toContain("<service>contact_dealer</service>");
    expect(adfStructureProblems(xml)).toEqual([]);
    const bare = renderAdfLead({ ...lead, vehicle: { year: null, make: "Kia", model: "EV9", trim: null, vin: null, stock_number: "", condition: "new" } });
    expect(bare).toContain('<vehicle interest="buy" status="new">\n      <year></year>\n      <make>Kia</make>\n      <model>EV9</model>\n    </vehicle>');
  });
});

describe("adfStructureProblems (the ADF 1.0 DTD)", () => {
  const full: AdfLead = {
    ...lead,
    address: { type: "home", street: "12 Elm Street", city: "Toronto", regioncode: "ON", postalcode: "M5V 3L9", country: "CA" },
    vehicle: {
      ...lead.vehicle!,
      interest: "test-drive",
      price: { amount: "32950", currency: "CAD", type: "quote" },
      finance: { method: "finance", amounts: [{ type: "downpayment", amount: "2000", currency: "CAD" }, { type: "monthly", amount: "545", currency: "CAD" }] },
      comments: "Test drive at home",
    },
    trade_in: { ...xmlFreeTrade, vin: "2HGFC2F50KH542313", odometer: 98_000, appraisal: { amount: "14250", currency: "CAD" }, comments: "Offer accepted" },
    provider_url: "https://shop.example",
  };

  it("finds nothing wrong with what renderAdfLead writes, bare or with every part", () => {
    expect(adfStructureProblems(renderAdfLead(lead))).toEqual([]);
    expect(adfStructureProblems(renderAdfLead(full))).toEqual([]);
    expect(adfStructureProblems(renderAdfLead({ ...lead, email: null }))).toEqual([]);
    expect(adfStructureProblems(renderAdfLead({ ...full, first_name: "O'Neil & <Sons>", comments: "]]> <x>" }))).toEqual([]);
  });

  it("reports elements out of the DTD's order, missing, unknown, misplaced text and bad attribute values", () => {
    const xml = renderAdfLead(lead);
    expect(adfStructureProblems(xml.replace("      <vin>2HGFE2F59SH000001</vin>\n", "").replace("      <trim>EX</trim>", "      <trim>EX</trim>\n      <vin>2HGFE2F59SH000001</vin>"))[0]).toMatch(
      /^\/adf\/prospect\/vehicle: children "year make model stock trim vin"/,
    );
    expect(adfStructureProblems(xml.replace(/ {4}<requestdate>.*\n/, ""))[0]).toMatch(/^\/adf\/prospect: children/);
    expect(adfStructureProblems(xml.replace(/ {4}<vehicle[^]*?<\/vehicle>\n/, ""))[0]).toMatch(/^\/adf\/prospect: children "id requestdate customer vendor provider"/);
    expect(adfStructureProblems(xml.replace(/(<\/vendorname>\n) {6}<contact>[^]*?<\/contact>\n/, "$1"))[0]).toMatch(/^\/adf\/prospect\/vendor: children "vendorname"/);
    expect(adfStructureProblems(xml.replace("<email>jordan@example.com</email>\n        <phone>4165550142</phone>", ""))).toEqual([
      expect.stringMatching(/^\/adf\/prospect\/customer\/contact: children "name name"/),
    ]);
    expect(adfStructureProblems(xml.replace('interest="buy"', 'interest="rent"'))).toEqual(['/adf/prospect/vehicle: interest="rent" is not one of buy|lease|sell|trade-in|test-drive']);
    expect(adfStructureProblems(xml.replace("<year>2025</year>", "<year><b>2025</b></year>"))).toEqual([
      "/adf/prospect/vehicle/year: holds text only, not <b>",
    ]);
    expect(adfStructureProblems(xml.replace("<customer>", "<customer>hello"))).toEqual(["/adf/prospect/customer: text is not allowed here"]);
    expect(adfStructureProblems(xml.replace("<stock>", "<colour>").replace("</stock>", "</colour>"))).toContain("/adf/prospect/vehicle/colour: not an ADF 1.0 element");
  });

  it("requires the XML declaration, the adf processing instruction and well-formed XML", () => {
    const xml = renderAdfLead(lead);
    expect(adfStructureProblems(xml.replace('<?adf version="1.0"?>\n', ""))[0]).toMatch(/^not well-formed: expected "<\?adf version=\\"1.0\\"\?>"/);
    expect(adfStructureProblems(xml.replace('<?xml version="1.0"?>\n', ""))[0]).toMatch(/^not well-formed/);
    expect(adfStructureProblems(xml.replace("</customer>", "</custom>"))[0]).toMatch(/^not well-formed: <\/customer> expected/);
    expect(adfStructureProblems(xml.replace("Jordan", "Jordan & Co"))[0]).toMatch(/^not well-formed: unescaped markup/);
    expect(adfStructureProblems(`${xml}<adf></adf>`)[0]).toMatch(/^not well-formed: content after the root/);
  });
});
