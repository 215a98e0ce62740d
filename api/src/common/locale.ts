import { registerEnumType } from '@nestjs/graphql';
import { Locale } from '../generated/prisma/enums';

registerEnumType(Locale, { name: 'Locale', description: 'The five languages of the site' });

/** BCP 47 tags of the site's locales, e.g. for number formats and phone regions. */
export const LOCALE_TAGS: Record<Locale, string> = {
  ES: 'es-ES',
  EN: 'en-US',
  DE: 'de-DE',
  IT: 'it-IT',
  FR: 'fr-FR',
};

export { Locale };
