import { loadSharp } from "../http/images";

/**
 * Drawn artwork for the demo landing: a logo and one illustration per demo vehicle, rendered from
 * SVG so the demo needs no photos from anywhere. Real owners upload their own. The logo is light
 * because landing headers set it on the primary colour.
 */
export async function demoLogo(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="580" height="160" viewBox="0 0 580 160">
    <rect x="8" y="28" width="104" height="104" rx="24" fill="#f59e0b"/>
    <path d="M30 96 l14-30 h32 l14 30 z" fill="#ffffff"/>
    <circle cx="44" cy="100" r="9" fill="#0f766e"/><circle cx="76" cy="100" r="9" fill="#0f766e"/>
    <text x="132" y="98" font-family="DejaVu Sans, Arial, sans-serif" font-size="52" font-weight="700" fill="#ffffff">Caribe Autos</text>
  </svg>`;
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export async function demoVehicleArt(body: string, accent: string, shape: "sedan" | "suv" | "van"): Promise<Buffer> {
  const roof = {
    sedan: "M250 300 C300 220 360 205 470 205 C560 205 610 240 660 300 Z",
    suv: "M240 300 L275 200 C300 180 560 180 610 200 L700 300 Z",
    van: "M220 310 L240 170 C250 150 640 150 680 175 L760 310 Z",
  }[shape];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900" viewBox="0 0 1000 750">
    <defs>
      <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e0f2fe"/><stop offset="1" stop-color="#f8fafc"/></linearGradient>
      <linearGradient id="paint" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${body}"/><stop offset="1" stop-color="${accent}"/></linearGradient>
    </defs>
    <rect width="1000" height="750" fill="url(#sky)"/>
    <rect y="520" width="1000" height="230" fill="#cbd5e1"/>
    <ellipse cx="500" cy="560" rx="380" ry="26" fill="#94a3b8" opacity="0.6"/>
    <path d="${roof}" fill="url(#paint)"/>
    <path d="M150 300 H850 C880 300 900 330 900 360 V480 C900 500 885 515 865 515 H135 C115 515 100 500 100 480 V360 C100 330 120 300 150 300 Z" fill="url(#paint)"/>
    <path d="M300 290 C330 240 370 230 440 228 V292 Z M470 228 C540 228 590 240 620 292 H470 Z" fill="#e2e8f0" opacity="0.85"/>
    <rect x="120" y="380" width="60" height="26" rx="8" fill="#fde68a"/><rect x="820" y="380" width="60" height="26" rx="8" fill="#fca5a5"/>
    <circle cx="265" cy="515" r="72" fill="#1e293b"/><circle cx="265" cy="515" r="34" fill="#94a3b8"/>
    <circle cx="735" cy="515" r="72" fill="#1e293b"/><circle cx="735" cy="515" r="34" fill="#94a3b8"/>
  </svg>`;
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}
