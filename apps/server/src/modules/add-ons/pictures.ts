import { escapeXml } from "@showroom/domain";

// Drawn pictures of the demo's accessories, in the flat style of the drawn vehicles (vehicle-picture.ts in the
// domain): a light background, the object in neutral greys and one accent colour, no text, no external references,
// no scripts, each under 3 KB. Every kind is drawn in a 200 x 160 box that the sizes centre.

const DARK = "#3b4048";
const MID = "#8a9099";
const LIGHT = "#c9ced4";
const WHITE = "#f8f9fa";
const ACCENT = "#2f6fb3";

/** Each kind's title (what a screen reader says) and its shapes in the 200 x 160 box. */
const DRAWINGS = {
  "floor-mat": ["Floor mats",
    `<path d="M50 14H150L172 146H28Z" fill="${DARK}" stroke="${MID}" stroke-width="4" stroke-linejoin="round"/>` +
    `<path d="M56 40H144M54 62H146M51 84H149M48 106H152" stroke="${MID}" stroke-width="5"/>` +
    `<rect x="80" y="118" width="40" height="18" rx="4" fill="${ACCENT}"/>`],
  "cargo-tray": ["Cargo tray",
    `<path d="M40 30H160L184 136H16Z" fill="${MID}"/><path d="M50 40H150L168 126H32Z" fill="${DARK}"/>` +
    `<path d="M16 136H184" stroke="${ACCENT}" stroke-width="6" stroke-linecap="round"/>`],
  "cargo-net": ["Cargo net",
    `<rect x="30" y="30" width="140" height="100" rx="6" fill="none" stroke="${DARK}" stroke-width="6"/>` +
    `<path d="M30 30L170 130M65 30L170 105M100 30L170 80M30 55L135 130M30 80L100 130M170 30L30 130M135 30L30 105M100 30L30 80M170 55L65 130M170 80L100 130" stroke="${MID}" stroke-width="3"/>` +
    `<circle cx="30" cy="30" r="7" fill="${ACCENT}"/><circle cx="170" cy="30" r="7" fill="${ACCENT}"/>`],
  "key-fob": ["Remote starter",
    `<rect x="70" y="40" width="60" height="110" rx="26" fill="${DARK}"/><circle cx="100" cy="74" r="11" fill="${ACCENT}"/>` +
    `<circle cx="100" cy="104" r="8" fill="${LIGHT}"/><circle cx="100" cy="128" r="8" fill="${LIGHT}"/>` +
    `<path d="M78 26Q100 8 122 26M86 34Q100 22 114 34" fill="none" stroke="${ACCENT}" stroke-width="5" stroke-linecap="round"/>`],
  "dash-cam": ["Dash cam",
    `<path d="M100 20V52" stroke="${MID}" stroke-width="10"/><rect x="80" y="12" width="40" height="14" rx="4" fill="${LIGHT}"/>` +
    `<rect x="40" y="52" width="120" height="76" rx="14" fill="${DARK}"/><circle cx="100" cy="90" r="26" fill="${MID}"/>` +
    `<circle cx="100" cy="90" r="14" fill="#1f2328"/><circle cx="144" cy="66" r="5" fill="${ACCENT}"/>`],
  kit: ["Emergency kit",
    `<rect x="30" y="44" width="140" height="96" rx="12" fill="${DARK}"/><path d="M76 44V30H124V44" fill="none" stroke="${MID}" stroke-width="8"/>` +
    `<path d="M100 66V118M74 92H126" stroke="${ACCENT}" stroke-width="16"/>`],
  sunshade: ["Sunshade",
    `<path d="M20 130Q100 4 180 130Z" fill="${LIGHT}" stroke="${MID}" stroke-width="4"/>` +
    `<path d="M44 96V130M68 70V130M92 58V130M116 58V130M140 72V130M162 100V130" stroke="${MID}" stroke-width="3"/>` +
    `<circle cx="100" cy="98" r="16" fill="${ACCENT}"/>`],
  seat: ["Seat covers",
    `<rect x="72" y="8" width="50" height="26" rx="10" fill="${MID}"/><path d="M64 40H132L122 112H72Z" fill="${DARK}"/>` +
    `<path d="M52 114H148L140 146H58Z" fill="${DARK}"/><path d="M80 52L88 104M116 52L108 104" stroke="${ACCENT}" stroke-width="3" stroke-dasharray="6 4"/>`],
  screen: ["Rear-seat entertainment",
    `<rect x="36" y="20" width="128" height="112" rx="20" fill="${MID}"/><rect x="50" y="34" width="100" height="70" rx="4" fill="${DARK}"/>` +
    `<path d="M92 56V84L116 70Z" fill="${ACCENT}"/><path d="M80 132V152M120 132V152" stroke="${LIGHT}" stroke-width="8"/>`],
  "pet-barrier": ["Pet barrier",
    `<path d="M30 30H170V140H30Z" fill="none" stroke="${DARK}" stroke-width="6"/>` +
    `<path d="M58 30V140M86 30V140M114 30V140M142 30V140M30 85H170" stroke="${MID}" stroke-width="5"/>` +
    `<path d="M30 30H170" stroke="${ACCENT}" stroke-width="8" stroke-linecap="round"/>`],
  wheel: ["Wheels",
    `<circle cx="100" cy="80" r="72" fill="${DARK}"/><circle cx="100" cy="80" r="48" fill="${LIGHT}"/>` +
    `<path d="M100 34V126M56 80H144M69 49L131 111M131 49L69 111" stroke="${MID}" stroke-width="10"/>` +
    `<circle cx="100" cy="80" r="14" fill="${ACCENT}"/>`],
  plate: ["Licence plate bracket",
    `<rect x="18" y="36" width="164" height="92" rx="10" fill="${DARK}"/><rect x="30" y="48" width="140" height="68" rx="6" fill="${WHITE}"/>` +
    `<rect x="46" y="72" width="108" height="22" rx="3" fill="${LIGHT}"/><rect x="30" y="48" width="140" height="12" rx="4" fill="${ACCENT}"/>`],
  "winter-tire": ["Winter tires",
    `<circle cx="100" cy="80" r="72" fill="${DARK}"/><circle cx="100" cy="80" r="72" fill="none" stroke="${MID}" stroke-width="6" stroke-dasharray="10 8"/>` +
    `<circle cx="100" cy="80" r="40" fill="${LIGHT}"/>` +
    `<path d="M100 56V104M79 68L121 92M79 92L121 68" stroke="${ACCENT}" stroke-width="6" stroke-linecap="round"/>`],
  "mud-guard": ["Mud guards",
    `<path d="M52 14H148V112Q148 146 100 146Q52 146 52 112Z" fill="${DARK}"/>` +
    `<path d="M70 36V120M90 36V128M110 36V128M130 36V120" stroke="${MID}" stroke-width="5"/>` +
    `<rect x="52" y="14" width="96" height="12" fill="${ACCENT}"/>`],
  "roof-bars": ["Roof rack cross bars",
    `<path d="M10 150Q30 78 100 74Q170 78 190 150Z" fill="${LIGHT}"/>` +
    `<path d="M20 96H180M24 122H176" stroke="${DARK}" stroke-width="10" stroke-linecap="round"/>` +
    `<circle cx="20" cy="96" r="7" fill="${ACCENT}"/><circle cx="180" cy="96" r="7" fill="${ACCENT}"/>`],
  "cargo-box": ["Roof cargo box",
    `<path d="M10 150Q30 104 100 100Q170 104 190 150Z" fill="${LIGHT}"/><path d="M24 100H176" stroke="${MID}" stroke-width="8"/>` +
    `<path d="M28 96Q40 40 110 38Q176 40 178 96Z" fill="${DARK}"/><path d="M40 76H168" stroke="${ACCENT}" stroke-width="6"/>`],
  "tow-hitch": ["Tow hitch",
    `<rect x="10" y="30" width="180" height="50" rx="14" fill="${LIGHT}"/><rect x="80" y="80" width="40" height="40" fill="${DARK}"/>` +
    `<rect x="112" y="92" width="52" height="16" fill="${MID}"/><circle cx="164" cy="86" r="16" fill="${DARK}"/>` +
    `<circle cx="100" cy="100" r="6" fill="${ACCENT}"/>`],
  "bike-carrier": ["Bike carrier",
    `<circle cx="56" cy="104" r="34" fill="none" stroke="${MID}" stroke-width="7"/><circle cx="150" cy="104" r="34" fill="none" stroke="${MID}" stroke-width="7"/>` +
    `<path d="M56 104L86 58H134L150 104M86 58L104 104L134 58" fill="none" stroke="${ACCENT}" stroke-width="7" stroke-linejoin="round"/>` +
    `<path d="M10 146H190M100 146V110" stroke="${DARK}" stroke-width="10"/>`],
  shield: ["Protection",
    `<path d="M100 10L168 34V80Q168 130 100 152Q32 130 32 80V34Z" fill="${LIGHT}" stroke="${DARK}" stroke-width="6" stroke-linejoin="round"/>` +
    `<path d="M70 82L92 104L132 60" fill="none" stroke="${ACCENT}" stroke-width="12" stroke-linecap="round" stroke-linejoin="round"/>`],
  "running-board": ["Running boards",
    `<path d="M10 20H190V96H10Z" fill="${LIGHT}"/><circle cx="40" cy="100" r="26" fill="${DARK}"/><circle cx="160" cy="100" r="26" fill="${DARK}"/>` +
    `<rect x="62" y="112" width="76" height="14" rx="4" fill="${DARK}"/><path d="M70 119H130" stroke="${ACCENT}" stroke-width="5" stroke-dasharray="8 4"/>`],
  "truck-bed": ["Pickup box",
    `<path d="M10 50H190V120H10Z" fill="${LIGHT}"/><path d="M10 44H190" stroke="${DARK}" stroke-width="12" stroke-linecap="round"/>` +
    `<circle cx="46" cy="124" r="26" fill="${DARK}"/><circle cx="154" cy="124" r="26" fill="${DARK}"/><path d="M20 60H180" stroke="${ACCENT}" stroke-width="6"/>`],
  "car-cover": ["Car cover",
    `<path d="M12 140V108Q16 88 50 84L78 48Q92 38 130 40Q158 42 170 84Q188 90 188 108V140Z" fill="${MID}"/>` +
    `<path d="M12 140H188" stroke="${DARK}" stroke-width="6"/><path d="M100 42V140" stroke="${ACCENT}" stroke-width="8"/>`],
  exhaust: ["Exhaust tip",
    `<rect x="10" y="64" width="110" height="32" fill="${DARK}"/><path d="M110 56L170 46V114L110 104Z" fill="${MID}"/>` +
    `<ellipse cx="170" cy="80" rx="12" ry="34" fill="${LIGHT}"/><path d="M124 62L160 56" stroke="${ACCENT}" stroke-width="5" stroke-linecap="round"/>`],
} as const satisfies Record<string, readonly [title: string, shapes: string]>;

export type AccessoryPictureKind = keyof typeof DRAWINGS;
export const ACCESSORY_PICTURE_KINDS = Object.keys(DRAWINGS) as AccessoryPictureKind[];
export const ACCESSORY_PICTURE_SIZES = ["default", "wide", "square"] as const;
export type AccessoryPictureSize = (typeof ACCESSORY_PICTURE_SIZES)[number];

/** Canvas of each size: the default card picture, the wide banner of a recommended item, its square phone version. */
const CANVASES: Record<AccessoryPictureSize, { width: number; height: number }> = {
  default: { width: 320, height: 240 },
  wide: { width: 640, height: 240 },
  square: { width: 240, height: 240 },
};

export const isAccessoryPictureKind = (kind: string): kind is AccessoryPictureKind => Object.hasOwn(DRAWINGS, kind);

/** The drawn picture of an accessory kind at a size, as a self-contained SVG; null for a kind it cannot draw. */
export function drawAccessoryPicture(kind: string, size: AccessoryPictureSize = "default"): string | null {
  if (!isAccessoryPictureKind(kind)) return null;
  const [title, shapes] = DRAWINGS[kind];
  const { width, height } = CANVASES[size] ?? CANVASES.default;
  const x = (width - 200) / 2;
  const y = (height - 160) / 2;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" role="img">`,
    `<title>${escapeXml(title)}</title>`,
    `<rect width="${width}" height="${height}" fill="#eef2f6"/>`,
    `<ellipse cx="${width / 2}" cy="${y + 166}" rx="${Math.min(width / 2 - 24, 120)}" ry="10" fill="#dde3ea"/>`,
    `<g transform="translate(${x} ${y})">${shapes}</g>`,
    `</svg>`,
  ].join("");
}
