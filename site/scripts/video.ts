/**
 * `npm run video -w site`: renders the omnichannel section's short product
 * clip (8 s, no sound track) and its poster into static/media/, from SVG
 * frames drawn here (sharp) and encoded by ffmpeg (Debian's `ffmpeg`).
 * One segment, narrowing from the population, then reaching six channels.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

const WIDTH = 960;
const HEIGHT = 540;
const FPS = 30;
const SECONDS = 8;
const OUT = path.resolve(__dirname, '../static/media');
const ease = (t: number) => 1 - (1 - Math.min(1, Math.max(0, t))) ** 3;

function frame(t: number): string {
  const narrowing = ease(t / 3.5);
  const reach = ease((t - 3.5) / 3);
  const dots = Array.from({ length: 90 }, (_, i) => {
    const angle = (i * 137.5 * Math.PI) / 180;
    const radius = 40 + ((i * 53) % 190);
    const inside = radius < 90;
    const r = inside ? radius * (1 - 0.35 * narrowing) : radius + narrowing * 30;
    const x = 300 + r * Math.cos(angle + t * 0.15);
    const y = 270 + r * Math.sin(angle + t * 0.15);
    const opacity = inside ? 1 : 1 - 0.7 * narrowing;
    return (
      `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${inside ? 5 : 3.5}" ` +
      `fill="${inside ? '#1F4FFF' : '#9DB2FF'}" opacity="${opacity.toFixed(2)}"/>`
    );
  }).join('');
  const bars = [0.92, 0.74, 0.66, 0.48, 0.58, 0.84]
    .map((share, i) => {
      const width = 300 * share * ease((t - 3.5 - i * 0.25) / 1.6);
      return (
        `<rect x="580" y="${150 + i * 44}" width="300" height="14" rx="7" fill="#1A2C57"/><rect ` +
        `x="580" y="${150 + i * 44}" width="${width.toFixed(1)}" height="14" rx="7" fill="#00B894"/>`
      );
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
    <rect width="${WIDTH}" height="${HEIGHT}" fill="#0B1B3F"/>
    <circle cx="300" cy="270" r="${(200 - 60 * narrowing).toFixed(1)}" fill="none" stroke="#1F4FFF" stroke-width="2" opacity=".45"/>
    <circle cx="300" cy="270" r="${(120 - 40 * narrowing).toFixed(1)}" fill="rgba(31,79,255,.12)"
      stroke="#FFFFFF" stroke-width="2" stroke-dasharray="6 8" opacity=".8"/>
    ${dots}
    <circle cx="300" cy="270" r="${(12 + 6 * narrowing).toFixed(1)}" fill="#FF6B5A"/>
    <path d="M ${330} 270 C 450 270, 480 ${210 + 90 * reach}, 570 ${200 + 100 * reach}"
      stroke="#9DB2FF" stroke-width="2" fill="none" opacity="${reach.toFixed(2)}"/>
    ${bars}
  </svg>`;
}

async function main() {
  const frames = mkdtempSync(path.join(os.tmpdir(), 'segmentia-video-'));
  mkdirSync(OUT, { recursive: true });
  for (let i = 0; i < FPS * SECONDS; i++) {
    await sharp(Buffer.from(frame(i / FPS)))
      .png()
      .toFile(path.join(frames, `${String(i).padStart(4, '0')}.png`));
  }
  const input = ['-y', '-loglevel', 'error', '-framerate', String(FPS), '-i', path.join(frames, '%04d.png')];
  execFileSync('ffmpeg', [
    ...input,
    '-an',
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    '-crf',
    '28',
    '-preset',
    'slow',
    '-movflags',
    '+faststart',
    path.join(OUT, 'omnichannel.mp4'),
  ]);
  execFileSync('ffmpeg', [...input, '-an', '-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '40', path.join(OUT, 'omnichannel.webm')]);
  await sharp(Buffer.from(frame(SECONDS - 0.5)))
    .jpeg({ quality: 80 })
    .toFile(path.join(OUT, 'omnichannel-poster.jpg'));
  rmSync(frames, { recursive: true });
  console.log('Wrote static/media/omnichannel.{mp4,webm} and omnichannel-poster.jpg');
}

void main();
