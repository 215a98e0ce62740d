import { useTranslation } from 'gatsby-plugin-react-i18next';
import { Check, ChevronDown, Globe } from 'lucide-react';
import React, { useEffect, useId, useRef, useState } from 'react';
import { LOCALES } from '@segmentia/contracts/locales';
import { useLocale } from '../../features/i18n/use-locale';
import { LanguageLinks } from './LanguageLinks';
import * as styles from './LanguageMenu.module.css';

/**
 * The language dropdown: the button shows the current language, the list the
 * other four. Closes after a pick, on Escape and on a click outside; arrows
 * move between languages. The list is in the document only while open (only
 * the scripts open it; the head names every language's page for crawlers).
 */
export function LanguageMenu() {
  const { t } = useTranslation('common');
  const { locale } = useLocale();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const others = LOCALES.filter((other) => other.code !== locale.code);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    root.current?.querySelector<HTMLAnchorElement>('a')?.focus();
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onKeyDown = (event: React.KeyboardEvent) => {
    const links = [...(root.current?.querySelectorAll<HTMLAnchorElement>('a') ?? [])];
    const index = links.indexOf(document.activeElement as HTMLAnchorElement);
    if (event.key === 'Escape' && open) {
      setOpen(false);
      button.current?.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) return setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      links[(index + step + links.length) % links.length]?.focus();
    }
  };

  return (
    <div className={styles.root} ref={root} onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        className={styles.button}
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-label={t('language.choose', { language: locale.name })}
        onClick={() => setOpen((value) => !value)}
      >
        <Globe size={18} strokeWidth={1.75} aria-hidden="true" />
        <span lang={locale.tag}>{locale.name}</span>
        <ChevronDown size={16} strokeWidth={1.75} aria-hidden="true" className={open ? styles.chevronOpen : undefined} />
      </button>
      {open && (
        <ul id={listId} className={styles.list}>
          <LanguageLinks
            languages={others}
            className={styles.item}
            onPick={() => setOpen(false)}
            mark={<Check size={16} strokeWidth={1.75} aria-hidden="true" className={styles.check} />}
          />
        </ul>
      )}
    </div>
  );
}
