import { describe, expect, it } from "vitest";
import { escapeXmlText, renderAdfLead, type AdfLead } from "./adf.ts";

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
        "      <trim>EX</trim>",
        "      <vin>2HGFE2F59SH000001</vin>",
        "      <stock>A1234</stock>",
        "    </vehicle>",
      ].join("\n"),
    );
    expect(xml).toContain('<name part="first">Jordan</name>');
    expect(xml).toContain('<name part="last">Lee</name>');
    expect(xml).toContain("<email>jordan@example.com</email>");
    expect(xml).toContain("<phone>4165550142</phone>");
    expect(xml).toContain("<comments>Can I see it Saturday?</comments>");
    expect(xml).toContain("<vendor>\n      <vendorname>Maple Auto Toronto</vendorname>\n    </vendor>");
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
        "      <trim>LX</trim>",
        "      <vin>2HGFC2F50KH542313</vin>",
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

  it("omits what the lead does not have: vehicle, phone, comments, id, source, vehicle details", () => {
    const xml = renderAdfLead({ ...lead, id: null, vehicle: null, phone: null, comments: "  ", source: null });
    expect(xml).not.toContain("<vehicle");
    expect(xml).not.toContain("<phone");
    expect(xml).not.toContain("<comments");
    expect(xml).not.toContain("<id");
    expect(xml).toContain("<service>contact_dealer</service>");
    const bare = renderAdfLead({ ...lead, vehicle: { year: null, make: "Kia", model: "EV9", trim: null, vin: null, stock_number: "", condition: "new" } });
    expect(bare).toContain('<vehicle interest="buy" status="new">\n      <make>Kia</make>\n      <model>EV9</model>\n    </vehicle>');
  });
});
