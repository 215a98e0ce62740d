/**
 * `npm run icons -w site`: renders the PNG icons and the Open Graph image from
 * SVG (static/favicon.svg and the card below) into static/. Run after a brand change.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const STATIC = path.resolve(__dirname, '../static');
const favicon = readFileSync(path.join(STATIC, 'favicon.svg'));

const card = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="#0B1B3F"/>
  <g transform="translate(975 315)">
    <circle r="205" fill="none" stroke="#1F4FFF" stroke-width="3" opacity=".45"/>
    <circle r="140" fill="none" stroke="#1F4FFF" stroke-width="3" opacity=".7"/>
    <circle r="80" fill="rgba(31,79,255,.18)" stroke="#FFFFFF" stroke-width="3" stroke-dasharray="8 10"/>
    <circle r="26" fill="#FF6B5A"/>
  </g>
  <text x="90" y="250" font-family="Inter, DejaVu Sans, sans-serif" font-size="76" font-weight="700" fill="#FFFFFF">Segmentia</text>
  <text x="90" y="330" font-family="Inter, DejaVu Sans, sans-serif" font-size="36" fill="#C9D2E6">Geolocated audiences for</text>
  <text x="90" y="378" font-family="Inter, DejaVu Sans, sans-serif" font-size="36" fill="#C9D2E6">The Trade Desk · 27 EMEA countries</text>
  <rect x="90" y="430" width="120" height="8" rx="4" fill="#00B894"/>
</svg>`;

async function main() {
  await sharp(favicon, { density: 300 }).resize(32, 32).png().toFile(path.join(STATIC, 'favicon-32.png'));
  await sharp(favicon, { density: 600 }).resize(180, 180).png().toFile(path.join(STATIC, 'apple-touch-icon.png'));
  await sharp(Buffer.from(card)).png().toFile(path.join(STATIC, 'og-image.png'));
  console.log('Wrote static/favicon-32.png, apple-touch-icon.png, og-image.png');
}

void main();
