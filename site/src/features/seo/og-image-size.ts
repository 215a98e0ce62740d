/** Where each language's Open Graph image is published, and its size (drawn at build time by site/build/og-image.ts). */
export const OG_IMAGE = { width: 1200, height: 630, path: (code: string) => `/og/${code}.png` };
