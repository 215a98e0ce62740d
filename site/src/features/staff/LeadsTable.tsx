import { useTranslation } from 'gatsby-plugin-react-i18next';
import React, { type MouseEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { useLocale } from '../i18n/use-locale';
import { LEAD_STATUSES } from './filters';
import { formatDate, formatDayAndTime, languageName, mailtoHref } from './format';
import type { LeadOrder, LeadStatus, LeadSummaryFragment } from './generated';
import * as styles from './LeadsWorkspace.module.css';

interface Props {
  leads: LeadSummaryFragment[];
  /** Leads whose status change the API has not answered yet. */
  pending: ReadonlySet<string>;
  /** The lead whose link takes the focus (the first of a page loaded with "load more"). */
  focusId: string | null;
  hrefOf(id: string): string;
  onOpen(id: string): void;
  onStatus(lead: LeadSummaryFragment, status: LeadStatus): void;
  order: LeadOrder;
}

/**
 * The leads, newest or best fit first: a table that scrolls sideways within its frame
 * when it must, and below 800 px a card per lead, drawn by CSS on the same
 * table markup (ARIA roles on a table's own elements are invalid HTML). A long
 * value is cut to a few lines, whole in its title and in the lead's details.
 */
export function LeadsTable({ leads, pending, focusId, hrefOf, onOpen, onStatus, order }: Props) {
  const { t } = useTranslation('staff');
  const { locale } = useLocale();
  const links = useRef(new Map<string, HTMLAnchorElement>());
  const frame = useRef<HTMLDivElement>(null);
  const scrolls = useScrollsSideways(frame);
  const focused = useRef<string | null>(null);
  // Once per lead, as soon as its row is there: the rows of a page may come a moment after its answer.
  useEffect(() => {
    const link = focusId === focused.current ? undefined : links.current.get(focusId ?? '');
    if (!link) return;
    link.focus();
    focused.current = focusId;
  }, [focusId, leads]);
  const open = (id: string) => (event: MouseEvent) => {
    // A new tab or window opens the link itself.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onOpen(id);
  };
  return (
    // A frame that scrolls is a stop of the keyboard's own, where the arrow keys scroll it (WCAG 2.1.1).
    <div ref={frame} className={styles.tableScroll} role="region" aria-labelledby="leads-caption" tabIndex={scrolls ? 0 : undefined}>
      <table className={`data-table ${styles.table}`}>
        <caption id="leads-caption" className="visually-hidden">
          {t(order === 'BEST_FIT' ? 'list.captionBestFit' : 'list.caption')}
        </caption>
        <thead>
          <tr>
            {(['received', 'agency', 'fit', 'contact', 'email', 'interest', 'source', 'language', 'status'] as const).map((column) => (
              <th key={column} scope="col">
                {t(`list.columns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {leads.map((lead) => (
            <tr key={lead.id}>
              <td className={styles.received}>
                <time dateTime={lead.receivedAt}>
                  {formatDayAndTime(lead.receivedAt, locale.tag).map((part, index) => (
                    <React.Fragment key={index}>
                      {index > 0 && ' '}
                      <span>{part}</span>
                    </React.Fragment>
                  ))}
                </time>
              </td>
              <th scope="row" className={styles.agency}>
                <a
                  href={hrefOf(lead.id)}
                  className={styles.clamped}
                  title={lead.agencyName}
                  onClick={open(lead.id)}
                  ref={(link) => {
                    if (link) links.current.set(lead.id, link);
                    else links.current.delete(lead.id);
                  }}
                >
                  {lead.agencyName}
                </a>
                {lead.requestNumber > 1 && <RepeatTag lead={lead} />}
                {lead.requestedAudiences.length > 0 && (
                  <span
                    className={styles.tag}
                    title={t('requestedAudiences.title', { ids: lead.requestedAudiences.map((audience) => audience.segmentId).join(', ') })}
                  >
                    {t('requestedAudiences.tag', { count: lead.requestedAudiences.length })}
                  </span>
                )}
              </th>
              <td className={styles.fit}>
                <FitScore score={lead.fitScore} />
              </td>
              <td className={styles.contact}>
                <span className={styles.clamped} title={lead.contactName}>
                  {lead.contactName}
                </span>
              </td>
              <td className={styles.email}>
                <a href={mailtoHref(lead.email)} title={lead.email}>
                  {lead.email}
                </a>
                {lead.freeEmail && <span className={styles.tag}>{t('freeEmail')}</span>}
              </td>
              <td className={styles.interest}>{t(`contact:options.interest.${lead.interest}`)}</td>
              <td className={styles.source}>
                <span className={styles.clamped} title={lead.source ?? undefined}>
                  {lead.source ?? t('source.direct')}
                </span>
              </td>
              <td className={styles.language}>{languageName(lead.locale, locale.tag)}</td>
              <td className={styles.status}>
                <StatusSelect
                  status={lead.status}
                  pending={pending.has(lead.id)}
                  label={t('list.statusOf', { agency: lead.agencyName })}
                  onChange={(status) => onStatus(lead, status)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Whether the element is narrower than its content, kept up to date as either is resized. */
function useScrollsSideways(element: RefObject<HTMLElement>) {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const node = element.current;
    if (!node) return;
    const measure = () => setScrolls(node.scrollWidth > node.clientWidth);
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    if (node.firstElementChild) observer.observe(node.firstElementChild);
    return () => observer.disconnect();
  }, [element]);
  return scrolls;
}

/** "Strong" from 70, "fair" from 40: the badge's colour, never its only sign (the number is written). */
const fitBand = (score: number) => (score >= 70 ? 'strong' : score >= 40 ? 'fair' : 'weak');

/** A lead's fit score, 0–100, as a badge coloured by its band. */
export function FitScore({ score }: { score: number }) {
  const { t } = useTranslation('staff');
  return (
    <span className={styles.fitScore} data-fit={fitBand(score)}>
      {score}
      <span className="visually-hidden"> {t('fit.outOf')}</span>
    </span>
  );
}

/** "3rd request": the lead repeats the same prospect's earlier ones; the first one's day in its title. */
export function RepeatTag({ lead }: { lead: Pick<LeadSummaryFragment, 'requestNumber' | 'repeatOf'> }) {
  const { t } = useTranslation('staff');
  const { locale } = useLocale();
  return (
    <span
      className={styles.tag}
      title={lead.repeatOf ? t('repeat.since', { date: formatDate(lead.repeatOf.receivedAt, locale.tag) }) : undefined}
    >
      {/* i18next 22 reads ordinals from the plural keys (tag_one, tag_two, tag_few…), by Intl's ordinal rules. */}
      {t('repeat.tag', { count: lead.requestNumber, ordinal: true })}
    </span>
  );
}

interface StatusSelectProps {
  status: LeadStatus;
  pending: boolean;
  label: string;
  onChange(status: LeadStatus): void;
}

/** A lead's status, changed in place; busy until the API has answered (still focusable: disabling it would drop the focus). */
export function StatusSelect({ status, pending, label, onChange }: StatusSelectProps) {
  const { t } = useTranslation('staff');
  return (
    <span className={styles.statusControl} data-status={status}>
      <select
        value={status}
        aria-label={label}
        aria-busy={pending}
        aria-disabled={pending}
        onChange={(event) => !pending && onChange(event.target.value as LeadStatus)}
      >
        {LEAD_STATUSES.map((option) => (
          <option key={option} value={option}>
            {t(`status.${option}`)}
          </option>
        ))}
      </select>
      {pending && <span className={`spinner ${styles.statusSpinner}`} aria-hidden="true" />}
    </span>
  );
}
