/**
 * The home page's CSS icons, drawn from lucide-react: their stylesheet and one SVG file each
 * (build/css-icons-stylesheet.ts); `npm run codegen -w site` runs it, on install.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CSS_ICONS_FOLDER, CSS_ICONS_STYLESHEET, cssIconFiles, cssIconsStylesheet } from '../build/css-icons-stylesheet';

const SITE = path.resolve(__dirname, '..');

async function writeCssIcons(): Promise<void> {
  const files = cssIconFiles();
  await writeFile(path.join(SITE, CSS_ICONS_STYLESHEET), cssIconsStylesheet(files));
  // The folder holds this set's files only (each name holds its drawing's hash).
  await rm(path.join(SITE, CSS_ICONS_FOLDER), { recursive: true, force: true });
  await mkdir(path.join(SITE, CSS_ICONS_FOLDER), { recursive: true });
  await Promise.all(files.map(({ file, svg }) => writeFile(path.join(SITE, CSS_ICONS_FOLDER, file), svg)));
  console.log(
    `Wrote ${[CSS_ICONS_STYLESHEET, CSS_ICONS_FOLDER].map((file) => path.relative(process.cwd(), path.join(SITE, file))).join(', ')}`,
  );
}

writeCssIcons().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
