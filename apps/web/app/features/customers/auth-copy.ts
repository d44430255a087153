import type { MessageKey } from "../../i18n/index.ts";
import type { AuthPreset } from "../../lib/auth.ts";

/** Each preset's heading and introduction (spec 2.4); without a preset, a plain sign-in. */
export function authCopy(preset: AuthPreset | undefined): { title: MessageKey; intro: MessageKey } {
  if (!preset) return { title: "auth.title", intro: "auth.intro" };
  return { title: `auth.preset.${preset}.title`, intro: `auth.preset.${preset}.intro` };
}
