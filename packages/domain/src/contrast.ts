export interface Rgb {
  r: number;
  g: number;
  b: number;
}

const HEX_COLOR = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

export function parseHexColor(hex: string): Rgb {
  const match = typeof hex === "string" ? HEX_COLOR.exec(hex) : null;
  if (!match?.[1]) throw new RangeError(`Not a hex colour: ${String(hex)}`);
  const digits = match[1].length === 3 ? [...match[1]].map((d) => d + d).join("") : match[1];
  return {
    r: Number.parseInt(digits.slice(0, 2), 16),
    g: Number.parseInt(digits.slice(2, 4), 16),
    b: Number.parseInt(digits.slice(4, 6), 16),
  };
}

export function toHexColor({ r, g, b }: Rgb): string {
  const channel = (value: number) => Math.min(255, Math.max(0, Math.round(value))).toString(16).padStart(2, "0");
  return `#${channel(r)}${channel(g)}${channel(b)}`;
}

function linearChannel(channel: number): number {
  const srgb = channel / 255;
  return srgb <= 0.04045 ? srgb / 12.92 : ((srgb + 0.055) / 1.055) ** 2.4;
}

/** WCAG 2.x relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  const { r, g, b } = parseHexColor(hex);
  return 0.2126 * linearChannel(r) + 0.7152 * linearChannel(g) + 0.0722 * linearChannel(b);
}

/** WCAG contrast ratio, from 1 (identical) to 21 (black on white); symmetric in its arguments. */
export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** Below 3:1 even large text and UI components fail WCAG AA. */
export const POOR_CONTRAST_THRESHOLD = 3;

export function isPoorContrast(a: string, b: string): boolean {
  return contrastRatio(a, b) < POOR_CONTRAST_THRESHOLD;
}

export function readableTextColor(background: string): "#000000" | "#ffffff" {
  return contrastRatio(background, "#000000") >= contrastRatio(background, "#ffffff") ? "#000000" : "#ffffff";
}

function rgbToHueSaturation({ r, g, b }: Rgb): { hue: number; saturation: number } {
  const [red, green, blue] = [r / 255, g / 255, b / 255];
  const max = Math.max(red, green, blue);
  const min = Math.min(red, green, blue);
  const delta = max - min;
  if (delta === 0) return { hue: 0, saturation: 0 };
  const lightness = (max + min) / 2;
  const saturation = delta / (1 - Math.abs(2 * lightness - 1));
  const sector = max === red ? ((green - blue) / delta) % 6 : max === green ? (blue - red) / delta + 2 : (red - green) / delta + 4;
  return { hue: (sector * 60 + 360) % 360, saturation };
}

function hslToRgb(hue: number, saturation: number, lightness: number): Rgb {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const x = chroma * (1 - Math.abs(((hue / 60) % 2) - 1));
  const m = lightness - chroma / 2;
  const sector = Math.floor(hue / 60) % 6;
  const sectors: readonly (readonly [number, number, number])[] = [
    [chroma, x, 0],
    [x, chroma, 0],
    [0, chroma, x],
    [0, x, chroma],
    [x, 0, chroma],
    [chroma, 0, x],
  ];
  const [r1, g1, b1] = sectors[sector] ?? [0, 0, 0];
  // Trims float noise so a channel of exactly x.5 (229.4999… from 0.9 × 255) rounds up as browsers do.
  const toChannel = (value: number) => Math.round((value + m) * 255 * 1e6) / 1e6;
  return { r: toChannel(r1), g: toChannel(g1), b: toChannel(b1) };
}

/** Same hue and saturation at 95 % lightness: a near-white tint of a brand colour for backgrounds. */
export function lightestShade(hex: string): string {
  const { hue, saturation } = rgbToHueSaturation(parseHexColor(hex));
  return toHexColor(hslToRgb(hue, saturation, 0.95));
}
