/**
 * The IDE's built files and its page, for the API to serve: the page is
 * plain HTML with one external script and stylesheet (a CSP of 'self' only),
 * its settings in data attributes of the root element.
 */
import path from 'node:path';

/** The folder of ide.js and ide.css, the package's dist: whether this file runs from there or from src/ (the tests). */
export const IDE_ASSETS_DIR = path.join(__dirname, '..', 'dist');
export const IDE_FILES = ['ide.js', 'ide.css'] as const;

export interface IdePageSettings {
  /** Where the built files are served, e.g. /graphql-ide */
  assetsPath: string;
  /** The GraphQL endpoint, e.g. /graphql */
  endpoint: string;
  /** The committed schema's address when introspection is off; unset: the IDE introspects. */
  schemaUrl?: string;
  /** The site's origins: the staff page that may hand its token to the IDE is at one of them. */
  siteOrigins: string[];
}

const escape = (value: string) => value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

export function idePage({ assetsPath, endpoint, schemaUrl, siteOrigins }: IdePageSettings): string {
  const data = [
    ['endpoint', endpoint],
    ['schema-url', schemaUrl],
    ['site-origins', siteOrigins.join(',')],
  ]
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => ` data-${name}="${escape(value)}"`)
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Segmentia GraphQL IDE</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${path.posix.join(assetsPath, 'ide.css')}">
<script defer src="${path.posix.join(assetsPath, 'ide.js')}"></script>
</head>
<body>
<div id="graphiql"${data}><noscript>The GraphQL IDE needs JavaScript.</noscript></div>
</body>
</html>
`;
}

/** The IDE page's policy: its own files and its own API only; GraphiQL's editors set inline styles. */
export const IDE_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
