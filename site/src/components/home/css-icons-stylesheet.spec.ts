import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CSS_ICONS } from './css-icon-names';
import { CSS_ICONS_STYLESHEET, cssIconsStylesheet, iconSvg } from './css-icons-stylesheet';

describe('the stylesheet of the CSS icons', () => {
  const css = cssIconsStylesheet();

  it('draws each icon as lucide-react does at 24 px and a 1.75 stroke, in a data URL that decodes to that drawing', () => {
    for (const name of CSS_ICONS) {
      const url = new RegExp(`\\.${name} \\{\\n  --icon: url\\("data:image/svg\\+xml,([^"]+)"\\);`).exec(css)?.[1];
      expect(url).toBeDefined();
      const svg = decodeURIComponent(url!);
      expect(svg).toBe(iconSvg(name).replace(/"/g, "'"));
      expect(svg).toMatch(/^<svg [^>]*viewBox='0 0 24 24'[^>]*stroke-width='1\.75'[^>]*><[a-z]+ /);
      expect(svg).not.toMatch(/class=|aria-hidden/);
    }
    expect(new Set(CSS_ICONS.map(iconSvg)).size).toBe(CSS_ICONS.length);
  });

  it('paints the text colour through the drawing, and the system text colour in forced colours', () => {
    expect(css).toMatch(/\.icon \{[^}]*background-color: currentColor;[^}]*mask: var\(--icon\)/);
    expect(css).toMatch(/@media \(forced-colors: active\) \{\s*\.icon \{\s*background-color: CanvasText;/);
  });

  it('is the one on disk (npm run codegen -w site writes it on install: run it again after changing the icons)', () => {
    expect(readFileSync(path.join(__dirname, '../../..', CSS_ICONS_STYLESHEET), 'utf8')).toBe(css);
  });
});
