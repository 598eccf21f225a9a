// Generated images for the catalogue: school logos, banners and thumbnails, country pictures and
// discipline icons. Pure and deterministic (the same name always draws the same picture), so the
// server can render them on request and caches can keep them forever; the product never depends on
// a remote image host. All text is XML-escaped: names contain "&", quotes and accents.

/** Escapes text for XML element content and double-quoted attributes. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => XML_ESCAPES[ch] ?? ch);
}

const XML_ESCAPES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

/** 32-bit FNV-1a hash: the seed of every picture. */
function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A small deterministic number stream derived from a hash (mulberry32). */
function numberStream(seed: number): () => number {
  let state = seed | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** HSL (degrees, percent, percent) to #rrggbb; SVG 1.1 renderers do not all accept hsl(). */
export function hslToHex(hue: number, saturation: number, lightness: number): string {
  const h = ((hue % 360) + 360) % 360;
  const s = Math.min(100, Math.max(0, saturation)) / 100;
  const l = Math.min(100, Math.max(0, lightness)) / 100;
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    const value = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, "0");
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

const SMALL_WORDS = new Set([
  "of",
  "the",
  "and",
  "for",
  "in",
  "at",
  "de",
  "del",
  "la",
  "le",
  "les",
  "des",
  "du",
  "di",
  "da",
  "do",
  "dos",
  "das",
  "degli",
  "della",
  "der",
  "die",
  "für",
  "y",
  "e",
  "et",
  "en",
  "em",
  "&",
  "-",
  "–",
]);

/** Up to three initials of the significant words: "University of Lakeshore" -> "UL". */
export function initialsOf(name: string): string {
  const words = name
    .split(/[\s,()/]+/)
    .filter((word) => word.length > 0 && !SMALL_WORDS.has(word.toLowerCase()));
  // "d'Aubeval" -> "A": skip French and Italian elisions and leading punctuation.
  const letters = words
    .map(
      (word) =>
        Array.from(word.replace(/^(?:[dlDL]|[Qq]u)['’]/, "").replace(/^[^\p{L}\p{N}]+/u, ""))[0] ??
        "",
    )
    .filter(Boolean);
  const initials = letters.slice(0, 3).join("").toLocaleUpperCase("en");
  return initials || (Array.from(name.trim())[0] ?? "?").toLocaleUpperCase("en");
}

function svgDocument(
  width: number,
  height: number,
  title: string,
  body: string,
  defs = "",
): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img">` +
    `<title>${escapeXml(title)}</title>${defs ? `<defs>${defs}</defs>` : ""}${body}</svg>`
  );
}

const FONT =
  "font-family=\"system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif\"";

/** A colour scheme for a name: a main hue and a second, analogous hue. */
function schemeOf(text: string) {
  const hash = hashText(text);
  const hue = hash % 360;
  const shift = 25 + ((hash >>> 9) % 50);
  return { hash, hue, hue2: (hue + shift) % 360 };
}

/** A smooth ridge line across `width`: a closed path from the ridge down to the bottom edge. */
function ridgePath(
  next: () => number,
  width: number,
  height: number,
  baseY: number,
  amplitude: number,
  points: number,
): string {
  const step = width / (points - 1);
  const ys: number[] = [];
  for (let i = 0; i < points; i++) ys.push(baseY + (next() - 0.5) * 2 * amplitude);
  let d = `M0 ${height} L0 ${(ys[0] ?? baseY).toFixed(1)}`;
  for (let i = 1; i < points; i++) {
    const x0 = (i - 1) * step;
    const x1 = i * step;
    const y0 = ys[i - 1] ?? baseY;
    const y1 = ys[i] ?? baseY;
    const mid = (x0 + x1) / 2;
    d += ` C${mid.toFixed(1)} ${y0.toFixed(1)} ${mid.toFixed(1)} ${y1.toFixed(1)} ${x1.toFixed(1)} ${y1.toFixed(1)}`;
  }
  return `${d} L${width} ${height} Z`;
}

/** Sky gradient, sun and three layers of hills: the shared landscape of banners and pictures. */
function landscape(
  seedText: string,
  width: number,
  height: number,
  prefix: string,
): { defs: string; body: string; fadeId: string } {
  const { hash, hue, hue2 } = schemeOf(seedText);
  // Ids are unique per picture, so several SVGs can be inlined in one document.
  const idPrefix = `${prefix}-${hash.toString(36)}`;
  const next = numberStream(hash);
  const skyTop = hslToHex(hue, 60, 42);
  const skyBottom = hslToHex(hue2, 70, 78);
  const sunX = width * (0.15 + next() * 0.7);
  const sunY = height * (0.2 + next() * 0.2);
  const sunR = height * (0.12 + next() * 0.08);
  const defs =
    `<linearGradient id="${idPrefix}-sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${skyTop}"/><stop offset="1" stop-color="${skyBottom}"/></linearGradient>` +
    `<linearGradient id="${idPrefix}-fade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.35"/></linearGradient>`;
  let body = `<rect width="${width}" height="${height}" fill="url(#${idPrefix}-sky)"/>`;
  body += `<circle cx="${sunX.toFixed(1)}" cy="${sunY.toFixed(1)}" r="${sunR.toFixed(1)}" fill="#fff" fill-opacity="0.45"/>`;
  // Soft abstract shapes in the sky.
  for (let i = 0; i < 3; i++) {
    const r = height * (0.05 + next() * 0.1);
    body += `<circle cx="${(next() * width).toFixed(1)}" cy="${(next() * height * 0.45).toFixed(1)}" r="${r.toFixed(1)}" fill="#fff" fill-opacity="${(0.08 + next() * 0.1).toFixed(2)}"/>`;
  }
  const layers = [
    { y: 0.55, amplitude: 0.1, lightness: 62, points: 5 },
    { y: 0.68, amplitude: 0.07, lightness: 45, points: 6 },
    { y: 0.8, amplitude: 0.05, lightness: 30, points: 7 },
  ];
  for (const layer of layers) {
    const colour = hslToHex(hue2 + 140, 35, layer.lightness);
    body += `<path d="${ridgePath(next, width, height, height * layer.y, height * layer.amplitude, layer.points)}" fill="${colour}"/>`;
  }
  return { defs, body, fadeId: `${idPrefix}-fade` };
}

/** A square badge with the school's initials on a colour derived from its name. */
export function schoolLogoSvg(name: string): string {
  const { hue, hue2 } = schemeOf(name);
  const initials = initialsOf(name);
  const size = 160;
  const fontSize = initials.length >= 3 ? 52 : initials.length === 2 ? 64 : 80;
  const id = `logo-${hashText(name).toString(36)}`;
  const defs = `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hslToHex(hue, 62, 40)}"/><stop offset="1" stop-color="${hslToHex(hue2, 66, 30)}"/></linearGradient>`;
  const body =
    `<rect x="4" y="4" width="${size - 8}" height="${size - 8}" rx="32" fill="url(#${id})"/>` +
    `<rect x="14" y="14" width="${size - 28}" height="${size - 28}" rx="24" fill="none" stroke="#fff" stroke-opacity="0.35" stroke-width="3"/>` +
    `<text x="80" y="82" text-anchor="middle" dominant-baseline="central" ${FONT} font-size="${fontSize}" font-weight="700" fill="#fff">${escapeXml(initials)}</text>`;
  return svgDocument(size, size, `${name} logo`, body, defs);
}

/** A 1200x400 abstract landscape for the top of a school page. */
export function schoolBannerSvg(name: string, city?: string): string {
  const { defs, body, fadeId } = landscape(`${name}|banner`, 1200, 400, "banner");
  const title = city ? `${name}, ${city}` : name;
  return svgDocument(
    1200,
    400,
    title,
    `${body}<rect width="1200" height="400" fill="url(#${fadeId})"/>`,
    defs,
  );
}

/** A 600x400 campus scene for course cards: landscape plus a stylised building. */
export function schoolThumbnailSvg(name: string): string {
  const { hash, hue } = schemeOf(name);
  const { defs, body } = landscape(`${name}|thumbnail`, 600, 400, "thumb");
  const next = numberStream(hash ^ 0x5bd1e995);
  const wall = hslToHex(hue, 20, 92);
  const shade = hslToHex(hue, 25, 70);
  const x = 150 + Math.round(next() * 150);
  const w = 200 + Math.round(next() * 60);
  const top = 215;
  const columns = 4 + Math.floor(next() * 3);
  let building =
    `<rect x="${x}" y="${top}" width="${w}" height="${330 - top}" fill="${wall}"/>` +
    `<path d="M${x - 14} ${top} L${x + w / 2} ${top - 60} L${x + w + 14} ${top} Z" fill="${shade}"/>` +
    `<rect x="${x - 10}" y="330" width="${w + 20}" height="12" fill="${shade}"/>`;
  const gap = w / (columns + 1);
  for (let i = 1; i <= columns; i++) {
    building += `<rect x="${(x + i * gap - 6).toFixed(1)}" y="${top + 12}" width="12" height="${330 - top - 12}" fill="${shade}" fill-opacity="0.8"/>`;
  }
  return svgDocument(600, 400, `${name} campus`, `${body}${building}`, defs);
}

/** A 600x400 landscape with the country's name and ISO code. */
export function countryImageSvg(name: string, code: string): string {
  const { defs, body, fadeId } = landscape(`${name}|${code}`, 600, 400, "country");
  const label = escapeXml(name);
  const fontSize = name.length > 24 ? 28 : name.length > 14 ? 36 : 44;
  const text =
    `<rect width="600" height="400" fill="url(#${fadeId})"/>` +
    `<text x="34" y="362" ${FONT} font-size="${fontSize}" font-weight="700" fill="#000" fill-opacity="0.35">${label}</text>` +
    `<text x="32" y="360" ${FONT} font-size="${fontSize}" font-weight="700" fill="#fff">${label}</text>` +
    `<rect x="508" y="24" width="68" height="40" rx="8" fill="#fff" fill-opacity="0.85"/>` +
    `<text x="542" y="44" text-anchor="middle" dominant-baseline="central" ${FONT} font-size="20" font-weight="700" fill="#1f2937">${escapeXml(code.toUpperCase())}</text>`;
  return svgDocument(600, 400, name, `${body}${text}`, defs);
}

// ---------------------------------------------------------------------------------------------
// Discipline icons: 48x48 line drawings in one fixed colour.

export const ICON_STROKE = "#1d4ed8";

function gearPath(): string {
  let d = "";
  for (let k = 0; k < 8; k++) {
    const angle = (k * Math.PI) / 4;
    const c = Math.cos(angle);
    const s = Math.sin(angle);
    d += `M${(24 + 13 * c).toFixed(1)} ${(24 + 13 * s).toFixed(1)}L${(24 + 19 * c).toFixed(1)} ${(24 + 19 * s).toFixed(1)}`;
  }
  return `<circle cx="24" cy="24" r="13"/><circle cx="24" cy="24" r="5"/><path d="${d}"/>`;
}

/** Inner drawing of each icon (stroke and fill are set on the group). */
const ICONS: Readonly<Record<string, string>> = {
  // Sprout
  "agriculture-and-forestry":
    '<path d="M24 42V22"/><path d="M24 27c0-9 6-15 16-15 0 10-6 15-16 15z"/><path d="M24 22c0-7-5-12-14-12 0 8 5 12 14 12z"/><path d="M14 42h20"/>',
  // Museum columns
  "art-and-humanities":
    '<path d="M6 18L24 8l18 10z"/><path d="M12 21v15M20 21v15M28 21v15M36 21v15"/><path d="M7 40h34"/>',
  // Briefcase
  "business-and-administration":
    '<rect x="7" y="16" width="34" height="22" rx="3"/><path d="M18 16v-4a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2v4"/><path d="M7 26h34"/><path d="M22 26v3h4v-3"/>',
  // Speech bubbles
  communication:
    '<path d="M6 9h23a3 3 0 0 1 3 3v11a3 3 0 0 1-3 3H16l-7 6v-6H6a3 3 0 0 1-3-3V12a3 3 0 0 1 3-3z"/><path d="M36 17h6a3 3 0 0 1 3 3v11a3 3 0 0 1-3 3h-2v6l-7-6h-9a3 3 0 0 1-3-3v-2"/>',
  // Laptop with code brackets
  "computer-science":
    '<rect x="9" y="10" width="30" height="21" rx="2"/><path d="M4 36h40l-3 4H7z"/><path d="M20 16l-4 4.5 4 4.5M28 16l4 4.5-4 4.5"/>',
  // Graduation cap
  "education-and-training":
    '<path d="M4 19l20-9 20 9-20 9z"/><path d="M12 23v9c0 3 6 6 12 6s12-3 12-6v-9"/><path d="M44 19v10"/>',
  // Gear
  "engineering-and-technology": gearPath(),
  // Globe
  "environmental-science":
    '<circle cx="24" cy="24" r="17"/><ellipse cx="24" cy="24" rx="7" ry="17"/><path d="M7 24h34M10 15h28M10 33h28"/>',
  // Heart with a pulse line
  "health-sciences":
    '<path d="M24 40C12 32 6 26 6 18c0-5 4-9 9-9 4 0 7 2 9 5 2-3 5-5 9-5 5 0 9 4 9 9 0 8-6 14-18 22z"/><path d="M10 23h8l3-5 4 10 3-5h10"/>',
  // Concierge bell
  "hospitality-leisure-and-sports":
    '<path d="M11 33a13 13 0 0 1 26 0z"/><path d="M6 38h36"/><path d="M24 17v-4M20 13h8"/>',
  // Open book
  humanities:
    '<path d="M24 14c-5-4-13-4-18-2v25c5-2 13-2 18 2 5-4 13-4 18-2V12c-5-2-13-2-18 2z"/><path d="M24 14v25"/>',
  // Scales of justice
  law: '<path d="M24 7v31M15 41h18M9 13h30"/><path d="M9 13l-5 12M9 13l5 12M39 13l-5 12M39 13l5 12"/><path d="M3 25a6 4 0 0 0 12 0zM33 25a6 4 0 0 0 12 0z"/>',
  // Medical cross
  medicine: '<path d="M19 7h10v12h12v10H29v12H19V29H7V19h12z"/>',
  // Music notes
  music:
    '<path d="M18 36V13l18-5v23"/><circle cx="14" cy="36" r="4"/><circle cx="32" cy="31" r="4"/><path d="M18 19l18-5"/>',
  // Laboratory flask
  "natural-sciences":
    '<path d="M18 6h12M21 6v13L10 38a3 3 0 0 0 3 4h22a3 3 0 0 0 3-4L27 19V6"/><path d="M14 31h20"/><circle cx="21" cy="36" r="1.5"/><circle cx="28" cy="35" r="1.5"/>',
  // Head in profile with a thought
  psychology:
    '<path d="M30 42v-7h4a3 3 0 0 0 3-3v-5l4-1-4-7c0-9-7-14-15-14S8 11 8 20c0 5 2 9 6 12v10"/><path d="M19 20a4 4 0 1 1 8 0c0 3-4 3-4 6"/>',
  // Three people
  "social-sciences":
    '<circle cx="24" cy="15" r="5"/><path d="M14 38c0-7 4-12 10-12s10 5 10 12"/><circle cx="10" cy="19" r="4"/><path d="M3 35c0-5 3-8 7-8"/><circle cx="38" cy="19" r="4"/><path d="M45 35c0-5-3-8-7-8"/>',
  // Painter's palette
  art: '<path d="M24 6C13 6 6 14 6 23c0 9 7 16 15 16 3 0 4-2 4-4s-2-3-2-5 2-4 5-4h5c6 0 11-4 11-10C44 13 35 6 24 6z"/><circle cx="15" cy="20" r="2.5"/><circle cx="21" cy="13" r="2.5"/><circle cx="30" cy="13" r="2.5"/><circle cx="36" cy="20" r="2.5"/>',
};

/** The spec's tab strip spells one slug differently (discovery §2, "environmental-sciences"). */
const ICON_ALIASES: Readonly<Record<string, string>> = {
  "environmental-sciences": "environmental-science",
};

/** Slugs that have a dedicated icon. */
export const DISCIPLINE_ICON_SLUGS: readonly string[] = Object.keys(ICONS);

/** A 48x48 line icon for a discipline slug; unknown slugs get a neutral star. */
export function disciplineIconSvg(slug: string): string {
  const key = ICON_ALIASES[slug] ?? slug;
  const drawing =
    ICONS[key] ??
    '<circle cx="24" cy="24" r="17"/><path d="M24 13l3.2 6.6 7.3 1-5.3 5.1 1.3 7.2L24 29.5l-6.5 3.4 1.3-7.2-5.3-5.1 7.3-1z"/>';
  const title = key
    .split("-")
    .filter((word) => word !== "and")
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
  const body = `<g fill="none" stroke="${ICON_STROKE}" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round">${drawing}</g>`;
  return svgDocument(48, 48, title || "Discipline", body);
}
