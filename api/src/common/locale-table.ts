/**
 * The site's five languages, written once for both workspaces: the API reads
 * the tags (phone regions, number formats, emails), the site the codes (its
 * routes: Spanish unprefixed, the others under /{code}/), tags and names.
 * Plain TypeScript: Prisma's enums file is plain constants.
 */
import type { Locale } from '../generated/prisma/enums';

export const LOCALE_TABLE = [
  { code: 'es', tag: 'es-ES', name: 'Español', api: 'ES' },
  { code: 'en', tag: 'en-US', name: 'English', api: 'EN' },
  { code: 'de', tag: 'de-DE', name: 'Deutsch', api: 'DE' },
  { code: 'it', tag: 'it-IT', name: 'Italiano', api: 'IT' },
  { code: 'fr', tag: 'fr-FR', name: 'Français', api: 'FR' },
] as const satisfies readonly { code: string; tag: string; name: string; api: Locale }[];
