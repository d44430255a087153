import { parseHexColor, toHexColor } from "../contrast.ts";
import { BODY_TYPES, type BodyType, type NormalizedColour } from "./normalize.ts";

/** A name as a drawn picture's address writes it ("Pickup" → "pickup", "Light Blue" → "light-blue"). */
export const pictureSlug = (value: string) => value.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "other";

/** The body type a picture's address names; Other for any name that is not one. */
export const bodyTypeOfSlug = (slug: string): BodyType => BODY_TYPES.find((body) => pictureSlug(body) === slug) ?? "Other";

/** Paint for each normalized colour; Other is a neutral grey. */
const COLOUR_HEX: Record<NormalizedColour, string> = {
  Black: "#1c1d21",
  White: "#f4f5f2",
  Silver: "#c0c4c8",
  Grey: "#6e7379",
  Blue: "#2456a6",
  Red: "#b3202a",
  Green: "#2f6b3f",
  Brown: "#6b4a32",
  Beige: "#d8c7a3",
  Yellow: "#f2c230",
  Orange: "#e36b1e",
  Gold: "#c9a24a",
  Purple: "#5f3a8a",
  Other: "#8c9096",
};

export function colourHexFor(colour: NormalizedColour): string {
  return COLOUR_HEX[colour] ?? COLOUR_HEX.Other;
}

interface Silhouette {
  /** Body outline, front on the left, as polygon points. */
  body: string;
  windows: string[];
  /** Height of the lamps at the front and back. */
  lampY: number;
  wheelRadius: number;
}

// Side views on a ground line at y 310, wheels centred at x 170 and 470.
const SILHOUETTES: Record<Exclude<BodyType, "Other">, Silhouette> = {
  Sedan: {
    body: "62,266 60,226 78,204 210,192 272,142 402,138 474,186 566,194 580,214 580,266",
    windows: ["224,190 276,150 332,148 332,190", "344,190 344,147 398,146 452,188"],
    lampY: 208, wheelRadius: 38,
  },
  Coupe: {
    body: "62,266 60,230 80,208 222,196 290,150 380,148 500,194 570,200 580,218 580,266",
    windows: ["236,194 292,156 348,154 348,194", "358,194 358,154 384,154 462,192"],
    lampY: 212, wheelRadius: 38,
  },
  Hatchback: {
    body: "92,266 90,228 108,206 220,194 270,142 452,138 540,186 550,266",
    windows: ["232,192 274,150 350,146 350,192", "362,192 362,146 446,144 516,186"],
    lampY: 206, wheelRadius: 37,
  },
  Wagon: {
    body: "62,266 60,226 78,204 210,192 268,140 548,138 574,190 580,266",
    windows: ["222,190 272,148 330,146 330,190", "342,190 342,146 440,146 440,190", "452,190 452,146 540,146 560,190"],
    lampY: 206, wheelRadius: 38,
  },
  SUV: {
    body: "62,262 60,214 80,186 200,176 252,112 546,108 574,164 580,262",
    windows: ["214,174 256,120 340,118 340,174", "352,174 352,118 450,116 450,174", "462,174 462,116 540,116 560,174"],
    lampY: 194, wheelRadius: 42,
  },
  Minivan: {
    body: "62,262 60,222 92,194 168,176 250,102 556,98 578,136 580,262",
    windows: ["182,174 256,110 330,108 330,174", "342,174 342,108 450,106 450,174", "462,174 462,106 548,106 566,174"],
    lampY: 204, wheelRadius: 39,
  },
  Van: {
    body: "62,262 60,214 86,190 140,178 178,86 584,80 588,262",
    windows: ["154,176 186,96 262,94 262,176"],
    lampY: 200, wheelRadius: 40,
  },
  Pickup: {
    body: "62,262 60,210 80,184 210,174 256,112 346,110 360,168 584,168 588,262",
    windows: ["222,172 260,120 300,118 300,172", "310,172 310,118 340,118 350,172"],
    lampY: 192, wheelRadius: 42,
  },
  Convertible: {
    body: "62,266 60,230 80,208 230,196 292,150 300,152 262,196 430,196 470,186 500,196 570,200 580,218 580,266",
    windows: ["246,194 290,158 296,160 258,194"],
    lampY: 212, wheelRadius: 38,
  },
};

const BACKGROUNDS = [
  ["#eef2f7", "#dde4ec"],
  ["#f7f1e8", "#e8ddcf"],
  ["#e9eef4", "#cfd7e1"],
] as const;

/** How each angle frames the car: mirrored or not, and the zoom around the middle of the ground. */
const FRAMING = [
  { mirror: false, zoom: 1 },
  { mirror: true, zoom: 1.14 },
  { mirror: false, zoom: 0.84 },
] as const;

const LABEL_MAX = 60;

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function mix(hex: string, target: number, amount: number): string {
  const { r, g, b } = parseHexColor(hex);
  const blend = (channel: number) => channel + (target - channel) * amount;
  return toHexColor({ r: blend(r), g: blend(g), b: blend(b) });
}

function xRange(points: string): [number, number] {
  const xs = points.split(" ").map((pair) => Number(pair.split(",")[0]));
  return [Math.min(...xs), Math.max(...xs)];
}

export interface VehiclePictureOptions {
  bodyType: BodyType | string;
  /** #rgb or #rrggbb; anything else throws a RangeError. */
  colourHex: string;
  angle: 0 | 1 | 2;
  label?: string;
}

/**
 * A stylised side view of the body type in the colour, as a self-contained SVG (viewBox
 * 640 x 400, no external references, no scripts, under 3 KB). The three angles frame the car
 * differently (plain side, mirrored and closer, wider studio) so a gallery of three varies.
 * An unknown body type or Other is drawn as a Sedan. The label is cut to 60 characters.
 */
export function vehiclePictureSvg({ bodyType, colourHex, angle, label }: VehiclePictureOptions): string {
  const paint = toHexColor(parseHexColor(colourHex));
  const known = (BODY_TYPES as readonly string[]).includes(bodyType) && bodyType !== "Other";
  const type = (known ? bodyType : "Sedan") as Exclude<BodyType, "Other">;
  const shape = SILHOUETTES[type];
  const [skyTop, skyBottom] = BACKGROUNDS[angle] ?? BACKGROUNDS[0];
  const { mirror, zoom } = FRAMING[angle] ?? FRAMING[0];
  const [front, back] = xRange(shape.body);
  const edge = mix(paint, 0, 0.35);
  const shine = mix(paint, 255, 0.35);
  const wheelY = 310 - shape.wheelRadius;
  const transform = `translate(320 310) scale(${mirror ? -zoom : zoom} ${zoom}) translate(-320 -310)`;
  const text = label === undefined ? "" : label.length > LABEL_MAX ? `${label.slice(0, LABEL_MAX - 1)}…` : label;
  const title = escapeXml(text || `${type} vehicle`);
  const wheel = (x: number) =>
    `<circle cx="${x}" cy="${wheelY}" r="${shape.wheelRadius + 6}" fill="#1d1f23"/>` +
    `<circle cx="${x}" cy="${wheelY}" r="${shape.wheelRadius}" fill="#2b2e33"/>` +
    `<circle cx="${x}" cy="${wheelY}" r="${Math.round(shape.wheelRadius * 0.52)}" fill="#b9bec5" stroke="#7d838b" stroke-width="4"/>`;

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 400" role="img">`,
    `<title>${title}</title>`,
    `<defs><linearGradient id="vpbg${angle}" x1="0" y1="0" x2="0" y2="1">`,
    `<stop offset="0" stop-color="${skyTop}"/><stop offset="1" stop-color="${skyBottom}"/></linearGradient></defs>`,
    `<rect width="640" height="400" fill="url(#vpbg${angle})"/>`,
    angle === 2 ? `<rect y="300" width="640" height="100" fill="#c3ccd7" opacity=".5"/>` : "",
    `<g transform="${transform}">`,
    `<ellipse cx="320" cy="312" rx="${(back - front) / 2 + 20}" ry="14" fill="#000" opacity=".18"/>`,
    `<polygon points="${shape.body}" fill="${paint}" stroke="${edge}" stroke-width="6" stroke-linejoin="round"/>`,
    `<rect x="${front}" y="244" width="${back - front}" height="20" fill="${edge}" opacity=".35"/>`,
    `<path d="M${front + 20} ${shape.lampY + 14}H${back - 20}" stroke="${shine}" stroke-width="4" opacity=".6"/>`,
    ...shape.windows.map((points) => `<polygon points="${points}" fill="#2a3440" stroke="#161b22" stroke-width="3" stroke-linejoin="round"/>`),
    `<rect x="${front - 2}" y="${shape.lampY}" width="18" height="9" rx="3" fill="#fff4c2"/>`,
    `<rect x="${back - 14}" y="${shape.lampY}" width="16" height="12" rx="3" fill="#c8102e"/>`,
    wheel(170),
    wheel(470),
    `</g>`,
    text ? `<text x="24" y="380" font-family="sans-serif" font-size="18" fill="#37414d">${escapeXml(text)}</text>` : "",
    `</svg>`,
  ].join("");
}
