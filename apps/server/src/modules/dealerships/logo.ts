import type { DealershipRow } from "./repo.ts";

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter((w) => /^[A-Z]/.test(w))
    .slice(0, 2)
    .map((w) => w[0])
    .join("");

/** The browser tab's icon: the wordmark's square, with the dealership's initials. */
export function iconSvg(row: DealershipRow): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48">
<rect width="48" height="48" rx="10" fill="${row.theme.accent_color}"/>
<text x="24" y="32" font-family="Arial, Helvetica, sans-serif" font-size="22" font-weight="700" fill="#ffffff" text-anchor="middle">${escapeXml(initialsOf(row.name))}</text>
</svg>`;
}

/** No logo service is reachable, so each dealership gets a drawn wordmark in its own colours. */
export function logoSvg(row: DealershipRow): string {
  const initials = initialsOf(row.name);
  const colour = row.theme.accent_color;
  const name = escapeXml(row.name);
  // Wide enough for the whole name: about 10 units a character at this size and weight.
  const width = 68 + Math.ceil(row.name.length * 10.2);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} 60" role="img" aria-label="${name}">
<rect x="0" y="6" width="48" height="48" rx="10" fill="${colour}"/>
<text x="24" y="38" font-family="Arial, Helvetica, sans-serif" font-size="22" font-weight="700" fill="#ffffff" text-anchor="middle">${escapeXml(initials)}</text>
<text x="60" y="37" font-family="Arial, Helvetica, sans-serif" font-size="17" font-weight="700" fill="${colour}">${name}</text>
</svg>`;
}
