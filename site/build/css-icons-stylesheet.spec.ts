import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CSS_ICONS } from '../src/components/home/css-icon-names';
import { CSS_ICONS_FOLDER, CSS_ICONS_STYLESHEET, cssIconFiles, cssIconsStylesheet } from './css-icons-stylesheet';

describe('the stylesheet of the CSS icons', () => {
  const files = cssIconFiles();
  const css = cssIconsStylesheet(files);

  it('draws each icon as lucide-react does at 24 px and a 1.75 stroke, from a file of its own the stylesheet names', () => {
    expect(files.map(({ name }) => name)).toEqual(CSS_ICONS);
    for (const { name, file, svg } of files) {
      expect(css).toContain(`.${name} {\n  --icon: url("/static/icons/${file}");\n}`);
      expect(file).toMatch(new RegExp(`^${name}-[0-9a-f]{16}\\.svg$`));
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" [^>]*viewBox="0 0 24 24"[^>]*stroke-width="1\.75"[^>]*><[a-z]+ /);
      expect(svg).not.toMatch(/class=|aria-hidden/);
    }
    expect(new Set(files.map(({ svg }) => svg)).size).toBe(CSS_ICONS.length);
    // No picture is written into the stylesheet: Chrome would make them all within the task that applies it.
    expect(css).not.toContain('data:');
  });

  it('paints the text colour through the drawing, and the system text colour in forced colours', () => {
    expect(css).toMatch(/\.icon \{[^}]*background-color: currentColor;[^}]*mask: var\(--icon\)/);
    expect(css).toMatch(/@media \(forced-colors: active\) \{\s*\.icon \{\s*background-color: CanvasText;/);
  });

  it('is the one on disk, with the icons’ files (npm run codegen -w site writes them on install: run it again after a change)', () => {
    const site = path.join(__dirname, '..');
    expect(readFileSync(path.join(site, CSS_ICONS_STYLESHEET), 'utf8')).toBe(css);
    expect(readdirSync(path.join(site, CSS_ICONS_FOLDER)).sort()).toEqual(files.map(({ file }) => file).sort());
    for (const { file, svg } of files) expect(readFileSync(path.join(site, CSS_ICONS_FOLDER, file), 'utf8')).toBe(svg);
  });
});
