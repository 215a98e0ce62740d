/** Where each language's Open Graph image is published, and its size (drawn by og-image.ts at build time). */
export const OG_IMAGE = { width: 1200, height: 630, path: (code: string) => `/og/${code}.png` };
