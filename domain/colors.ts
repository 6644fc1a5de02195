/**
 * Readable colours for whatever an owner picks (DESIGN.md): WCAG 2 relative luminance and
 * contrast ratio, and the text colour or darker shade that keeps AA (4.5:1) on a background.
 * Pure functions with no dependency: the dashboard, the public site and the emails use them.
 */
export const WHITE = "#ffffff";
export const INK = "#111827";
const BLACK = "#000000";
export const AA = 4.5;

/** Colours used while the owner has not picked one yet. */
export const NEUTRAL_PRIMARY = "#374151";
export const NEUTRAL_SECONDARY = "#6b7280";

const HEX = /^#?([0-9a-f]{6})$/i;
const SHORT_HEX = /^#?([0-9a-f])([0-9a-f])([0-9a-f])$/i;

/** "#0a7" (CSS's short form, as people type it) as "#00aa77"; anything else as it was. */
export function fullHex(text: string): string {
  const short = SHORT_HEX.exec(text.trim());
  return short
    ? `#${short
        .slice(1)
        .map((digit) => digit.repeat(2))
        .join("")}`
    : text;
}

export function isHexColor(value: string | null | undefined): value is string {
  return typeof value === "string" && HEX.test(value);
}

function channels(hex: string): [number, number, number] {
  const digits = HEX.exec(hex)?.[1] ?? "000000";
  return [0, 2, 4].map((start) => Number.parseInt(digits.slice(start, start + 2), 16)) as [number, number, number];
}

const toHex = (values: number[]) =>
  `#${values
    .map((value) =>
      Math.round(Math.min(255, Math.max(0, value)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;

export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((value) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Mixes `hex` with `other`; amount 0 keeps `hex`, 1 gives `other`. */
export function mix(hex: string, other: string, amount: number): string {
  const from = channels(hex);
  const to = channels(other);
  return toHex(from.map((value, index) => value + ((to[index] ?? 0) - value) * amount));
}

/** White or near-black text, whichever reads better on `background`; pure black when neither reaches AA. */
export function readableText(background: string): string {
  const white = contrastRatio(WHITE, background);
  const ink = contrastRatio(INK, background);
  if (Math.max(white, ink) >= AA) return white >= ink ? WHITE : INK;
  return contrastRatio(BLACK, background) > white ? BLACK : WHITE;
}

/** `color` itself when it reads on `background`, otherwise the nearest darker (or lighter) shade that does. */
export function readableShade(color: string, background = WHITE, minimum = AA): string {
  if (contrastRatio(color, background) >= minimum) return color;
  const toward = relativeLuminance(background) > 0.18 ? BLACK : WHITE;
  for (let step = 1; step <= 20; step += 1) {
    const shade = mix(color, toward, step / 20);
    if (contrastRatio(shade, background) >= minimum) return shade;
  }
  return toward;
}

export type LandingTheme = {
  primary: string;
  onPrimary: string;
  /** A softer line or surface on the primary colour. */
  primaryMuted: string;
  secondary: string;
  onSecondary: string;
  /** The primary colour as text or icon on white, darkened if needed. */
  primaryInk: string;
  /** The secondary colour as text or icon on white, darkened if needed. */
  secondaryInk: string;
  /** A light tint of the secondary colour for icon backgrounds. */
  secondaryTint: string;
};

/**
 * The edge of a primary fill (a button, a step's marker): transparent when the fill stands out from
 * white, else the primary's readable shade (WCAG 1.4.11: a control's shape needs 3:1 against what
 * surrounds it). A near-white primary left white buttons on a white card (an accessibility walk's
 * finding); a transparent edge is also what Windows' high contrast draws as the button's outline.
 * Apart from the theme: only the server's page style uses it, and the public scripts are at budget.
 */
export const primaryEdge = (theme: LandingTheme) =>
  contrastRatio(theme.primary, WHITE) >= 3 ? "transparent" : theme.primaryInk;

const themes = new Map<string, LandingTheme>();

/**
 * A landing's colours and the shades that read on them. Finding a readable shade takes dozens of
 * contrast computations, and every public page asks for its landing's theme, so each pair of
 * colours is worked out once (a few hundred pairs at most are in use at a time).
 */
export function landingTheme(
  primaryColor: string | null | undefined,
  secondaryColor: string | null | undefined,
): LandingTheme {
  const key = `${primaryColor}|${secondaryColor}`;
  let theme = themes.get(key);
  if (!theme) {
    if (themes.size >= 1000) themes.clear();
    theme = computeTheme(primaryColor, secondaryColor);
    themes.set(key, theme);
  }
  return theme;
}

function computeTheme(primaryColor: string | null | undefined, secondaryColor: string | null | undefined) {
  const primary = isHexColor(primaryColor) ? primaryColor.toLowerCase() : NEUTRAL_PRIMARY;
  const secondary = isHexColor(secondaryColor) ? secondaryColor.toLowerCase() : NEUTRAL_SECONDARY;
  const onPrimary = readableText(primary);
  const secondaryTint = mix(secondary, WHITE, 0.85);
  return {
    primary,
    onPrimary,
    primaryMuted: mix(primary, onPrimary, 0.18),
    secondary,
    onSecondary: readableText(secondary),
    primaryInk: readableShade(primary),
    secondaryInk: readableShade(secondary, secondaryTint),
    secondaryTint,
  } satisfies LandingTheme;
}
