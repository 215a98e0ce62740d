/**
 * An SVG as a `data:` URL, as short as a URL may be: the characters a URL may not hold are escaped (the HTML checker
 * refuses spaces), and the SVG's double quotes become single ones, escaped as `%27` (React would write `&#x27;`,
 * twice as long, in every page). For the SVG icon (static/favicon.svg) in every page's head: the browser takes it
 * from the page instead of fetching /favicon.svg, which it does once the page has loaded, and which could fall before
 * the first paint (a request that Lighthouse then counts into the largest paint). The PNG icons stay files: crawlers
 * and browsers without SVG icons fetch them.
 */
export function svgDataUrl(svg: string): string {
  const escaped = svg
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/"/g, "'")
    .replace(/[%#<> ']/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
  return `data:image/svg+xml,${escaped}`;
}
