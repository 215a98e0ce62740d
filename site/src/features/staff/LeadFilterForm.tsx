import { useTranslation } from 'gatsby-plugin-react-i18next';
import { Search, X } from 'lucide-react';
import React, { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { CONTACT_OPTIONS } from '@segmentia/contracts/contact';
import { useLocale } from '../i18n/use-locale';
import { FIT_THRESHOLDS, hasFilters, LEAD_LOCALES, LEAD_ORDERS, LEAD_STATUSES, type LeadFilters, NO_FILTERS } from './filters';
import { languageName } from './format';
import * as shared from './Staff.module.css';
import * as styles from './LeadsWorkspace.module.css';

/** Typing narrows the list once the person pauses this long (Enter at once). */
const SEARCH_PAUSE_MS = 350;

interface Props {
  filters: LeadFilters;
  onChange(change: Partial<LeadFilters>): void;
}

/** A text filter's value while the person types: applied once they pause, or at once with Enter. */
function useTypedFilter(applied: string, apply: (value: string) => void) {
  const [typed, setTyped] = useState(applied);
  // Cleared or set from outside ("Clear filters").
  useEffect(() => setTyped(applied), [applied]);
  useEffect(() => {
    if (typed === applied) return;
    const timer = window.setTimeout(() => apply(typed), SEARCH_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [typed, applied, apply]);
  return [typed, setTyped] as const;
}

/** Search, status, interest, language, the days received, the source, the least fit score and the order; every change applies at once. */
export function LeadFilterForm({ filters, onChange }: Props) {
  const { t } = useTranslation('staff');
  const { locale } = useLocale();
  const [search, setSearch] = useTypedFilter(
    filters.search,
    useCallback((value: string) => onChange({ search: value }), [onChange]),
  );
  const [source, setSource] = useTypedFilter(
    filters.source,
    useCallback((value: string) => onChange({ source: value }), [onChange]),
  );
  const searchInput = useRef<HTMLInputElement>(null);

  /** A search box of the filters (the words, the source), typed freely and applied after a pause. */
  const searchField = (
    name: string,
    value: string,
    set: (value: string) => void,
    placeholder: string,
    ref?: RefObject<HTMLInputElement>,
  ) => (
    <input
      ref={ref}
      type="search"
      name={name}
      value={value}
      maxLength={100}
      placeholder={t(placeholder)}
      onChange={(event) => set(event.target.value)}
    />
  );
  /** A day of the received filter, bounded by the other one. */
  const date = (name: 'from' | 'to', bounds: { min?: string; max?: string }) => (
    <label className={`${shared.field} ${styles.dateFilter}`}>
      <span>{t(`filters.${name}`)}</span>
      <input type="date" name={name} value={filters[name]} {...bounds} onChange={(event) => onChange({ [name]: event.target.value })} />
    </label>
  );
  const select = <K extends 'status' | 'interest' | 'language' | 'fit' | 'order'>(
    name: K,
    options: readonly Exclude<LeadFilters[K], ''>[],
    label: (option: Exclude<LeadFilters[K], ''>) => string,
    className = '',
    unset = t('filters.any'),
  ) => (
    <label className={`${shared.field} ${className}`}>
      <span>{t(`filters.${name}`)}</span>
      <select name={name} value={filters[name]} onChange={(event) => onChange({ [name]: event.target.value })}>
        <option value="">{unset}</option>
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
        onChange({ search, source });
      }}
    >
      <label className={`${shared.field} ${styles.search}`}>
        <span>{t('filters.search')}</span>
        <span className={styles.searchInput}>
          <Search size={18} strokeWidth={1.75} aria-hidden="true" />
          {searchField('q', search, setSearch, 'filters.searchPlaceholder', searchInput)}
        </span>
      </label>
      {select('status', LEAD_STATUSES, (status) => t(`status.${status}`))}
      {select('interest', CONTACT_OPTIONS.interest, (interest) => t(`contact:options.interest.${interest}`))}
      {select('language', LEAD_LOCALES, (language) => languageName(language, locale.tag), styles.languageFilter)}
      {date('from', { max: filters.to || undefined })}
      {date('to', { min: filters.from || undefined })}
      <label className={`${shared.field} ${styles.sourceFilter}`}>
        <span>{t('filters.source')}</span>
        {searchField('source', source, setSource, 'filters.sourcePlaceholder')}
      </label>
      {select('fit', FIT_THRESHOLDS, (score) => t('filters.fitAtLeast', { score }))}
      {select('order', LEAD_ORDERS, (order) => t(`filters.orders.${order}`), '', t('filters.orders.NEWEST'))}
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
