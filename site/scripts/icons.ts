/**
 * `npm run icons -w site`: renders the PNG icons from static/favicon.svg into
 * static/. Run after a brand change. (Each language's Open Graph image is drawn
 * at build time: build/og-image.ts.)
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const STATIC = path.resolve(__dirname, '../static');
const favicon = readFileSync(path.join(STATIC, 'favicon.svg'));

async function main() {
  await sharp(favicon, { density: 300 }).resize(32, 32).png().toFile(path.join(STATIC, 'favicon-32.png'));
  await sharp(favicon, { density: 600 }).resize(180, 180).png().toFile(path.join(STATIC, 'apple-touch-icon.png'));
  console.log('Wrote static/favicon-32.png, apple-touch-icon.png');
}

void main();
