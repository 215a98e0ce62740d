import { readFileSync } from 'node:fs';
import path from 'node:path';
import { svgDataUrl } from './svg-data-url';

const SVG = readFileSync(path.join(__dirname, '../static/favicon.svg'), 'utf8');

describe('svgDataUrl', () => {
  it('gives a data URL that decodes to the icon itself', () => {
    const url = svgDataUrl(SVG);
    expect(url.startsWith('data:image/svg+xml,')).toBe(true);
    expect(decodeURIComponent(url.slice('data:image/svg+xml,'.length))).toBe(SVG.trim().replace(/\s+/g, ' ').replace(/"/g, "'"));
  });

  it('escapes what would end the attribute or the URL, or what React would escape: no quote, space, #, < or >', () => {
    expect(svgDataUrl('<svg fill="#0B1B3F">a%b</svg>')).toBe('data:image/svg+xml,%3Csvg%20fill=%27%230B1B3F%27%3Ea%25b%3C/svg%3E');
  });
});
