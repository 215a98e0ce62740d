import { registerEnumType } from '@nestjs/graphql';
import { Locale } from '../generated/prisma/enums';
import { LOCALES } from '@segmentia/contracts/locales';

registerEnumType(Locale, { name: 'Locale', description: 'The five languages of the site' });

/** BCP 47 tags of the site's locales, e.g. for number formats and phone regions (from the table the site shares). */
export const LOCALE_TAGS = Object.fromEntries(LOCALES.map((locale) => [locale.api, locale.tag])) as Record<Locale, string>;

export { Locale };
