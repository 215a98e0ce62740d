import { useTranslation } from 'gatsby-plugin-react-i18next';
import { Search, X } from 'lucide-react';
import React, { useEffect, useRef, useState } from 'react';
import { OPTIONS } from '../contact/options';
import { useLocale } from '../i18n/use-locale';
import { hasFilters, LEAD_LOCALES, LEAD_STATUSES, type LeadFilters, NO_FILTERS } from './filters';
import { languageName } from './format';
import * as shared from './Staff.module.css';
import * as styles from './LeadsWorkspace.module.css';

/** Typing narrows the list once the person pauses this long (Enter at once). */
const SEARCH_PAUSE_MS = 350;

interface Props {
  filters: LeadFilters;
  onChange(change: Partial<LeadFilters>): void;
}

/** Search, status, interest, language and the days received; every change applies at once. */
export function LeadFilterForm({ filters, onChange }: Props) {
  const { t } = useTranslation('staff');
  const { locale } = useLocale();
  const [search, setSearch] = useState(filters.search);
  const searchInput = useRef<HTMLInputElement>(null);

  // Cleared or set from outside ("Clear filters").
  useEffect(() => setSearch(filters.search), [filters.search]);

  useEffect(() => {
    if (search === filters.search) return;
    const timer = window.setTimeout(() => onChange({ search }), SEARCH_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [search, filters.search, onChange]);

  const select = <K extends 'status' | 'interest' | 'language'>(
    name: K,
    options: readonly Exclude<LeadFilters[K], ''>[],
    label: (option: Exclude<LeadFilters[K], ''>) => string,
    className = '',
  ) => (
    <label className={`${shared.field} ${className}`}>
      <span>{t(`filters.${name}`)}</span>
      <select name={name} value={filters[name]} onChange={(event) => onChange({ [name]: event.target.value })}>
        <option value="">{t('filters.any')}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {label(option)}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <form
      className={styles.filters}
      role="search"
      aria-label={t('filters.label')}
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ search });
      }}
    >
      <label className={`${shared.field} ${styles.search}`}>
        <span>{t('filters.search')}</span>
        <span className={styles.searchInput}>
          <Search size={18} strokeWidth={1.75} aria-hidden="true" />
          <input ref={searchInput} type="search" name="q" value={search} maxLength={100} placeholder={t('filters.searchPlaceholder')} onChange={(event) => setSearch(event.target.value)} />
        </span>
      </label>
      {select('status', LEAD_STATUSES, (status) => t(`status.${status}`))}
      {select('interest', OPTIONS.interest, (interest) => t(`contact:options.interest.${interest}`))}
      {select('language', LEAD_LOCALES, (language) => languageName(language, locale.tag), styles.languageFilter)}
      <label className={shared.field}>
        <span>{t('filters.from')}</span>
        <input type="date" name="from" value={filters.from} max={filters.to || undefined} onChange={(event) => onChange({ from: event.target.value })} />
      </label>
      <label className={shared.field}>
        <span>{t('filters.to')}</span>
        <input type="date" name="to" value={filters.to} min={filters.from || undefined} onChange={(event) => onChange({ to: event.target.value })} />
      </label>
      <button
        type="button"
        className={`button button--secondary ${styles.clear}`}
        disabled={!hasFilters(filters)}
        onClick={() => {
          onChange(NO_FILTERS);
          // The button is disabled now: the focus goes back to the start of the form.
          searchInput.current?.focus();
        }}
      >
        <X size={18} strokeWidth={1.75} aria-hidden="true" />
        {t('filters.clear')}
      </button>
    </form>
  );
}
