import { Link } from 'gatsby';
import React from 'react';
import { rememberLanguage } from '../../features/i18n/language-redirect';
import { LOCALES, localizedPath } from '@segmentia/contracts/locales';
import { useLocale } from '../../features/i18n/use-locale';

interface Props {
  /** The languages to offer, in LOCALES' order. */
  languages: readonly (typeof LOCALES)[number][];
  className?: string;
  /** After the pick is remembered (the menu that listed it closes). */
  onPick: () => void;
  /** Drawn after each language's name (the dropdown's check mark). */
  mark?: React.ReactNode;
}

/**
 * The list items of a language switcher: this page in each language, named in
 * that language; the current one marked with aria-current. A pick is
 * remembered, so that `/` opens in it next time (language-redirect).
 */
export function LanguageLinks({ languages, className, onPick, mark }: Props) {
  const { locale, originalPath } = useLocale();
  return languages.map((other) => (
    <li key={other.code}>
      <Link
        to={localizedPath(other.code, originalPath)}
        hrefLang={other.tag}
        lang={other.tag}
        aria-current={other.code === locale.code ? 'true' : undefined}
        className={className}
        onClick={() => {
          rememberLanguage(other.code);
          onPick();
        }}
      >
        {other.name}
        {mark}
      </Link>
    </li>
  ));
}
