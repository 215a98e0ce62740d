import { useI18next } from 'gatsby-plugin-react-i18next';
import { localeOf, localizedPath, type LocaleCode } from '@segmentia/contracts/locales';

/** The page's locale and a helper for paths in it. */
export function useLocale() {
  const { language, originalPath } = useI18next();
  const locale = localeOf(language);
  return {
    locale,
    code: locale.code as LocaleCode,
    originalPath,
    path: (unprefixed: string) => localizedPath(locale.code, unprefixed),
  };
}
