import { useTranslation } from 'gatsby-plugin-react-i18next';
import { ArrowRight, Check, ListChecks, Plus, X } from 'lucide-react';
import React, { useEffect, useRef } from 'react';
import { track } from '../analytics/track';
import type { ExplorerAudienceFragment } from '../api/generated';
import { useLocale } from '../i18n/use-locale';
import {
  isInSelection,
  largestOf,
  MAX_SELECTED,
  renameSelected,
  type SelectedAudience,
  selectAudience,
  unselectAudience,
  useSelectedAudiences,
} from './audience-request';
import { countryName, formatReach } from './format';
import * as styles from './SelectedAudiences.module.css';

/** Says what a change to the selection did, in the explorer's live region. */
export type Announce = (message: string) => void;

/** "Add to request" on an audience of the explorer; "Remove from request" once it is in. */
export function RequestToggle({
  audience,
  country,
  announce,
}: {
  audience: ExplorerAudienceFragment;
  country: string;
  announce: Announce;
}) {
  const { t } = useTranslation('explorer');
  const { locale } = useLocale();
  const selection = useSelectedAudiences();
  const item = { country, audience: audience.id };
  const added = isInSelection(selection, item);
  const full = !added && selection.length >= MAX_SELECTED;
  const names = { name: audience.interest, country: countryName(country, locale.tag) };
  const toggle = () => {
    if (added) {
      unselectAudience(item);
      return announce(t('request.removed', names));
    }
    if (
      !selectAudience({
        ...item,
        segmentId: audience.segmentId,
        topic: audience.topic,
        name: audience.interest,
        locale: locale.api,
        reach: audience.audienceSize,
      })
    ) {
      return announce(t('request.full', { max: MAX_SELECTED }));
    }
    announce(t('request.added', { ...names, count: selection.length + 1 }));
    track({ event: 'audience_add', audience_id: audience.segmentId, audience_name: audience.interest, country, topic: audience.topic });
  };
  return (
    <button
      type="button"
      className={`${styles.toggle} ${added ? styles.added : ''}`}
      onClick={toggle}
      aria-label={t(added ? 'request.inRequestLabel' : 'request.addLabel', names)}
      aria-disabled={full || undefined}
    >
      {added ? <Check size={16} strokeWidth={2} aria-hidden="true" /> : <Plus size={16} strokeWidth={2} aria-hidden="true" />}
      {t(added ? 'request.inRequest' : 'request.add')}
    </button>
  );
}

/**
 * The selected audiences, each with its country, segment id and reach and a
 * button that removes it. Removing one moves the focus to the next (or the
 * previous) one's button; removing the last calls `onEmptied` to place it.
 */
export function SelectedAudienceList({
  selection,
  unavailable = [],
  announce,
  onEmptied,
}: {
  selection: readonly SelectedAudience[];
  unavailable?: readonly SelectedAudience[];
  announce: Announce;
  onEmptied(): void;
}) {
  const { t } = useTranslation('explorer');
  const { locale } = useLocale();
  const list = useRef<HTMLUListElement>(null);
  // Audiences added on a page in another language are named again in this one.
  const otherLanguage = [...new Set(selection.filter((item) => item.locale !== locale.api).map((item) => item.country))].join(',');
  useEffect(() => {
    if (!otherLanguage) return;
    void import('../api/client')
      .then((api) =>
        Promise.all(
          otherLanguage
            .split(',')
            .map(async (country) => renameSelected(country, locale.api, await api.fetchCountryAudiences({ country, locale: locale.api }))),
        ),
      )
      .catch(() => undefined);
  }, [otherLanguage, locale.api]);
  const remove = (item: SelectedAudience, index: number) => {
    unselectAudience(item);
    announce(t('request.removed', { name: item.name, country: countryName(item.country, locale.tag) }));
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>('button');
    const next = buttons?.[index + 1] ?? buttons?.[index - 1];
    if (next) next.focus();
    else onEmptied();
  };
  return (
    <ul className={styles.list} ref={list}>
      {selection.map((item, index) => {
        const gone = unavailable.some((missing) => missing.country === item.country && missing.audience === item.audience);
        const country = countryName(item.country, locale.tag);
        return (
          <li key={`${item.country}:${item.audience}`} className={gone ? styles.gone : undefined}>
            <span className={styles.item}>
              <span className={styles.itemName}>{item.name}</span>
              <span className={styles.itemMeta}>
                {country} · <code>{item.segmentId}</code> · <data value={item.reach}>{formatReach(item.reach, locale.tag)}</data>
              </span>
              {gone && <span className={styles.goneNote}>{t('request.unavailable')}</span>}
            </span>
            <button
              type="button"
              className={styles.remove}
              onClick={() => remove(item, index)}
              aria-label={t('request.removeLabel', { name: item.name, country })}
            >
              <X size={16} strokeWidth={2} aria-hidden="true" />
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** The count and the largest reach of the selection, in the page's language. */
export function SelectionFigures({ selection }: { selection: readonly SelectedAudience[] }) {
  const { t } = useTranslation('explorer');
  const { locale } = useLocale();
  const largest = largestOf(selection);
  return (
    <span className={styles.figures}>
      <strong>{t('request.count', { count: selection.length })}</strong>
      {largest && (
        <span>
          {t('request.largest', {
            reach: formatReach(largest.reach, locale.tag),
            name: largest.name,
            country: countryName(largest.country, locale.tag),
          })}
        </span>
      )}
    </span>
  );
}

/**
 * The selection's summary, sticky at the bottom of the explorer while there
 * is one: its figures, the list (to remove from) and "Request these
 * audiences", a link to the form (which lists them and preselects the
 * interest); without JavaScript there is no selection, so no summary.
 */
export function SelectionSummary({ announce, onEmptied }: { announce: Announce; onEmptied(): void }) {
  const { t } = useTranslation('explorer');
  const selection = useSelectedAudiences();
  if (!selection.length) return null;
  return (
    <section className={styles.summary} aria-label={t('request.summaryLabel')}>
      <div className={styles.summaryBar}>
        <ListChecks size={22} strokeWidth={1.75} aria-hidden="true" className={styles.summaryIcon} />
        <SelectionFigures selection={selection} />
        <a
          href="#contact"
          className={`button button--primary ${styles.requestButton}`}
          data-cta="audience_request"
          onClick={() =>
            track({
              event: 'audience_request',
              audience_count: selection.length,
              audience_ids: selection.map((item) => item.segmentId).join(','),
              countries: [...new Set(selection.map((item) => item.country))].join(','),
            })
          }
        >
          {t('request.submit', { count: selection.length })}
          <ArrowRight size={18} strokeWidth={1.75} aria-hidden="true" />
        </a>
      </div>
      <details className={styles.details}>
        <summary>{t('request.show', { count: selection.length })}</summary>
        <SelectedAudienceList selection={selection} announce={announce} onEmptied={onEmptied} />
      </details>
    </section>
  );
}
