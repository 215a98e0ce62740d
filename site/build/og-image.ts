/**
 * The Open Graph image of each language (1200 × 630), drawn at build time
 * from the language's own words and the API's country count, so a shared link
 * shows a card in the reader's language that stays true.
 */
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { LOCALES } from '@segmentia/contracts/locales';
import { OG_IMAGE } from '../src/features/seo/og-image-size';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The card: brand, the language's tagline and place line, the brand's rings. */
export function ogCard(tagline: string, place: string): string {
  const text = (y: number, size: number, fill: string, content: string, weight = 400) =>
    `<text x="90" y="${y}" font-family="Inter, DejaVu Sans, sans-serif" ` +
    `font-size="${size}" font-weight="${weight}" fill="${fill}">${escape(content)}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_IMAGE.width}" height="${OG_IMAGE.height}" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="#0B1B3F"/>
  <g transform="translate(975 315)">
    <circle r="205" fill="none" stroke="#1F4FFF" stroke-width="3" opacity=".45"/>
    <circle r="140" fill="none" stroke="#1F4FFF" stroke-width="3" opacity=".7"/>
    <circle r="80" fill="rgba(31,79,255,.18)" stroke="#FFFFFF" stroke-width="3" stroke-dasharray="8 10"/>
    <circle r="26" fill="#FF6B5A"/>
  </g>
  ${text(250, 76, '#FFFFFF', 'Segmentia', 700)}
  ${text(330, 36, '#C9D2E6', tagline)}
  ${text(378, 36, '#C9D2E6', place)}
  <rect x="90" y="430" width="120" height="8" rx="4" fill="#00B894"/>
</svg>`;
}

/** Writes public/og/{code}.png for every language, with `countries` filled in. */
export async function writeOgImages(publicDir: string, localesDir: string, countries: number): Promise<void> {
  await mkdir(path.join(publicDir, 'og'), { recursive: true });
  await Promise.all(
    LOCALES.map(async ({ code }) => {
      const { meta } = JSON.parse(await readFile(path.join(localesDir, code, 'home.json'), 'utf8')) as {
        meta: { og: { tagline: string; place: string } };
      };
      const place = meta.og.place.replace('{{countries}}', String(countries));
      await sharp(Buffer.from(ogCard(meta.og.tagline, place)))
        .png({ compressionLevel: 9 })
        .toFile(path.join(publicDir, OG_IMAGE.path(code)));
    }),
  );
}
