import type { SiteFacts } from "~/content/site-facts";

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The 1200x630 image shown when a page is shared, drawn from the business profile's facts. */
export function shareImageSvg({ agency, licensedStateCount }: SiteFacts): string {
  const words = agency.name.split(" ");
  const half = Math.ceil(words.length / 2);
  const [line1, line2] = [words.slice(0, half).join(" "), words.slice(half).join(" ")];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0b2240"/><stop offset="1" stop-color="#1d4f8c"/></linearGradient></defs>
  <rect width="1200" height="630" fill="url(#bg)"/>
  <g opacity="0.10" fill="none" stroke="#ffffff" stroke-width="2">
    <path d="M0 520 C 200 470, 400 560, 600 500 S 1000 440, 1200 500"/>
    <path d="M0 560 C 220 510, 420 600, 620 540 S 1020 480, 1200 540"/>
    <path d="M0 600 C 240 550, 440 640, 640 580 S 1040 520, 1200 580"/>
  </g>
  <g transform="translate(90 150) scale(5)">
    <path d="M16 1 2 6v11c0 9 6 15.5 14 18 8-2.5 14-9 14-18V6L16 1Z" fill="#ffffff"/>
    <path d="m16 9 2.4 5 5.4.6-4 3.7 1.1 5.3L16 21l-4.9 2.6 1.1-5.3-4-3.7 5.4-.6L16 9Z" fill="#e89b0c"/>
  </g>
  <g font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" fill="#ffffff">
    <text x="300" y="230" font-size="58" font-weight="700">${escapeXml(line1)}</text>
    <text x="300" y="300" font-size="58" font-weight="700">${escapeXml(line2)}</text>
    <text x="300" y="370" font-size="30" fill="#f6b73c">Trucking · Contractors · Liability · Property · HOA</text>
    <text x="300" y="420" font-size="26" fill="#d6e4f4">${escapeXml(`${agency.address.city}, ${agency.address.regionName} · Licensed in ${licensedStateCount} states`)}</text>
  </g>
</svg>`;
}
