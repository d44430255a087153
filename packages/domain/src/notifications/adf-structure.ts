/**
 * A structural check of an ADF 1.0 document against the DTD (the element and attribute lists of "ADF 1.0",
 * transactions reference 5): the XML declaration and the `adf` processing instruction, then each element's
 * children in the DTD's order and number, each attribute allowed on its element with one of its listed values,
 * and text only where the DTD has #PCDATA. No registry package checks a DTD offline, so this small reader and
 * the content models below do; they cover the whole DTD except the colour and option blocks, which no lead of
 * ours writes (they are refused as unknown elements).
 */

type Node = { name: string; attributes: Record<string, string>; children: Node[]; text: string };

/** Each element's children as a regular expression over their names (each followed by a space), or "text". */
const CONTENT: Record<string, RegExp | "text"> = {
  adf: /^(prospect )+$/,
  prospect: /^(id )*requestdate (vehicle )+customer vendor (provider )?$/,
  vehicle:
    /^(id )*year make model (vin )?(stock )?(trim )?(doors )?(bodystyle )?(transmission )?(odometer )?(imagetag )?(price )?(pricecomments )?(finance )?(comments )?$/,
  finance: /^method (amount )+(balance )?$/,
  customer: /^contact (id )*(comments )?$/,
  contact: /^(name )+((email )|(phone )+|(email )(phone )+)(address )?$/,
  address: /^(street )+(apartment )?(city )?(regioncode )?(postalcode )?(country )?$/,
  vendor: /^(id )*vendorname (url )?contact $/,
  provider: /^(id )*name (service )?(url )?(email )?(phone )?(contact )?$/,
  ...Object.fromEntries(
    [
      "id",
      "requestdate",
      "year",
      "make",
      "model",
      "vin",
      "stock",
      "trim",
      "doors",
      "bodystyle",
      "transmission",
      "odometer",
      "imagetag",
      "price",
      "pricecomments",
      "comments",
      "method",
      "amount",
      "balance",
      "name",
      "email",
      "phone",
      "street",
      "apartment",
      "city",
      "regioncode",
      "postalcode",
      "country",
      "vendorname",
      "url",
      "service",
    ].map((name) => [name, "text" as const]),
  ),
};

/** Allowed attributes per element: a list of values, or null for any text (CDATA). */
const ATTRIBUTES: Record<string, Record<string, readonly string[] | null>> = {
  prospect: { status: ["new", "resend"] },
  id: { sequence: null, source: null },
  vehicle: { interest: ["buy", "lease", "sell", "trade-in", "test-drive"], status: ["new", "used"] },
  odometer: { status: ["unknown", "rolledover", "replaced", "original"], units: ["km", "mi"] },
  imagetag: { width: null, height: null, alttext: null },
  price: {
    type: ["quote", "offer", "msrp", "invoice", "call", "appraisal", "asking"],
    currency: null,
    delta: ["absolute", "relative", "percentage"],
    relativeto: ["msrp", "invoice"],
    source: null,
  },
  amount: { type: ["downpayment", "monthly", "total"], limit: ["maximum", "minimum", "exact"], currency: null },
  balance: { type: ["finance", "residual"], currency: null },
  contact: { primarycontact: ["0", "1"] },
  name: { part: ["surname", "first", "middle", "last", "full"], type: ["business", "individual"] },
  email: { preferredcontact: ["0", "1"] },
  phone: {
    type: ["voice", "fax", "cellphone", "pager"],
    time: ["morning", "afternoon", "evening", "nopreference", "day"],
    preferredcontact: ["0", "1"],
  },
  address: { type: ["work", "home", "delivery"] },
  street: { line: null },
};

const NAME = /^[A-Za-z_][\w.-]*/;
const ENTITY = /&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/g;

class Reader {
  position = 0;
  constructor(readonly xml: string) {}
  fail(message: string): never {
    throw new Error(`${message} at ${this.position}`);
  }
  skipSpace() {
    while (/\s/.test(this.xml[this.position] ?? "")) this.position++;
  }
  expect(text: string) {
    if (!this.xml.startsWith(text, this.position)) this.fail(`expected ${JSON.stringify(text)}`);
    this.position += text.length;
  }
  name(): string {
    const match = NAME.exec(this.xml.slice(this.position));
    if (!match) this.fail("expected a name");
    this.position += match[0].length;
    return match[0];
  }
  text(until: string): string {
    const end = this.xml.indexOf(until, this.position);
    if (end < 0) this.fail(`unclosed, expected ${until}`);
    const raw = this.xml.slice(this.position, end);
    this.position = end;
    if (/[<]/.test(raw) || /&(?!(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/.test(raw))
      this.fail("unescaped markup in text");
    return raw.replace(ENTITY, (_, entity: string) =>
      entity.startsWith("#x")
        ? String.fromCodePoint(parseInt(entity.slice(2), 16))
        : entity.startsWith("#")
          ? String.fromCodePoint(Number(entity.slice(1)))
          : ({ amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" } as Record<string, string>)[entity]!,
    );
  }
  element(): Node {
    this.expect("<");
    const name = this.name();
    const attributes: Record<string, string> = {};
    for (;;) {
      this.skipSpace();
      if (this.xml.startsWith("/>", this.position)) {
        this.position += 2;
        return { name, attributes, children: [], text: "" };
      }
      if (this.xml[this.position] === ">") {
        this.position++;
        break;
      }
      const attribute = this.name();
      if (attribute in attributes) this.fail(`attribute ${attribute} twice`);
      this.skipSpace();
      this.expect("=");
      this.skipSpace();
      const quote = this.xml[this.position];
      if (quote !== '"' && quote !== "'") this.fail("expected a quoted value");
      this.position++;
      attributes[attribute] = this.text(quote);
      this.position++;
    }
    const children: Node[] = [];
    let text = "";
    for (;;) {
      if (this.xml.startsWith("</", this.position)) {
        this.position += 2;
        if (this.name() !== name) this.fail(`</${name}> expected`);
        this.skipSpace();
        this.expect(">");
        return { name, attributes, children, text };
      }
      if (this.xml.startsWith("<![CDATA[", this.position)) {
        this.position += 9;
        const end = this.xml.indexOf("]]>", this.position);
        if (end < 0) this.fail("unclosed CDATA");
        text += this.xml.slice(this.position, end);
        this.position = end + 3;
      } else if (this.xml[this.position] === "<") {
        children.push(this.element());
      } else if (this.position >= this.xml.length) {
        this.fail(`<${name}> is not closed`);
      } else {
        text += this.text("<");
      }
    }
  }
}

function check(node: Node, path: string, problems: string[]) {
  const here = `${path}/${node.name}`;
  const model = CONTENT[node.name];
  if (!model) {
    problems.push(`${here}: not an ADF 1.0 element`);
    return;
  }
  const allowed = ATTRIBUTES[node.name] ?? {};
  for (const [attribute, value] of Object.entries(node.attributes)) {
    if (!(attribute in allowed)) problems.push(`${here}: attribute ${attribute} is not allowed`);
    else if (allowed[attribute] && !allowed[attribute]!.includes(value))
      problems.push(`${here}: ${attribute}="${value}" is not one of ${allowed[attribute]!.join("|")}`);
  }
  if (model === "text") {
    if (node.children.length) problems.push(`${here}: holds text only, not <${node.children[0]!.name}>`);
    return;
  }
  if (node.text.trim() !== "") problems.push(`${here}: text is not allowed here`);
  const sequence = node.children.map((child) => `${child.name} `).join("");
  if (!model.test(sequence)) problems.push(`${here}: children "${sequence.trim()}" do not follow ${model.source}`);
  node.children.forEach((child) => check(child, here, problems));
}

/** What in the document breaks ADF 1.0 (empty: it follows the DTD). */
export function adfStructureProblems(xml: string): string[] {
  const reader = new Reader(xml.replace(/^\uFEFF/, ""));
  try {
    reader.expect('<?xml version="1.0"');
    const declarationEnd = xml.indexOf("?>", reader.position);
    if (declarationEnd < 0 || !/^(\s+encoding="UTF-8")?\s*$/i.test(xml.slice(reader.position, declarationEnd)))
      reader.fail("a bad XML declaration");
    reader.position = declarationEnd + 2;
    reader.skipSpace();
    reader.expect('<?adf version="1.0"?>');
    reader.skipSpace();
    const root = reader.element();
    reader.skipSpace();
    if (reader.position !== reader.xml.length) reader.fail("content after the root element");
    if (root.name !== "adf") return [`the root is <${root.name}>, not <adf>`];
    const problems: string[] = [];
    check(root, "", problems);
    return problems;
  } catch (error) {
    return [`not well-formed: ${(error as Error).message}`];
  }
}
