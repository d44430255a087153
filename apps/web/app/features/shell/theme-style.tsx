import { isPoorContrast, lightestShade, readableTextColor, type Theme } from "@showroom/domain";

/** A foreground that keeps a contrast of at least 3 against its background, or the readable fallback. */
const legible = (foreground: string, background: string) =>
  isPoorContrast(foreground, background) ? readableTextColor(background) : foreground;

export function themeVariables(theme: Theme): string {
  const vars: Record<string, string> = {
    "--header-bg": theme.header_background_color,
    "--header-fg": legible(theme.header_text_color, theme.header_background_color),
    "--nav-bg": theme.navbar_background_color,
    "--nav-fg": legible(theme.navbar_text_color, theme.navbar_background_color),
    "--banner-bg": theme.banner_background_color,
    "--banner-fg": legible(theme.banner_text_color, theme.banner_background_color),
    "--modal-bg": theme.modal_background_color,
    "--modal-fg": legible(theme.modal_font_color, theme.modal_background_color),
    "--text": theme.text_color,
    "--accent": legible(theme.accent_color, "#ffffff"),
    "--accent-soft": lightestShade(theme.accent_color),
    "--cta": theme.button_cta_color,
    "--cta-fg": readableTextColor(theme.button_cta_color),
  };
  return `:root{${Object.entries(vars)
    .map(([k, v]) => `${k}:${v}`)
    .join(";")}}`;
}

/** The dealership's colours as CSS custom properties; UI primitives use nothing else. */
export function ThemeStyle(props: { theme: Theme }) {
  return (
    <>
      <style dangerouslySetInnerHTML={{ __html: themeVariables(props.theme) }} />
      {props.theme.stylesheet_url && <link rel="stylesheet" href={props.theme.stylesheet_url} />}
    </>
  );
}
