export type TextPart = { text: string; href?: string };

const WEB_ADDRESS = /https?:\/\/[^\s<>"'`]+/g;
const TRAILING_PUNCTUATION = /[.,;:!?]$/;

const count = (text: string, char: string) => text.split(char).length - 1;

/** The address without the punctuation that ends the sentence around it (a closing bracket it opened stays). */
function trimAddress(address: string): string {
  let out = address;
  while (out.length > 0) {
    if (TRAILING_PUNCTUATION.test(out)) out = out.slice(0, -1);
    else if (out.endsWith(")") && count(out, ")") > count(out, "(")) out = out.slice(0, -1);
    else break;
  }
  return out;
}

function isWebAddress(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

const XML_ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&apos;": "'" };

/**
 * Splits a plain text into runs of text and http(s) addresses, so a page can render the addresses as
 * links (never as HTML). In an XML text (`xml`: an ADF lead) an address's entities are decoded in the link.
 */
export function linkify(text: string, options: { xml?: boolean } = {}): TextPart[] {
  const parts: TextPart[] = [];
  let plain = "";
  let last = 0;
  for (const match of text.matchAll(WEB_ADDRESS)) {
    const address = trimAddress(match[0]);
    plain += text.slice(last, match.index);
    last = match.index + address.length;
    if (!isWebAddress(address)) {
      plain += address;
      continue;
    }
    if (plain) parts.push({ text: plain });
    plain = "";
    parts.push({ text: address, href: options.xml ? address.replace(/&(?:amp|lt|gt|quot|apos);/g, (e) => XML_ENTITIES[e]!) : address });
  }
  plain += text.slice(last);
  if (plain) parts.push({ text: plain });
  return parts;
}
