import { skipToken, useQuery } from '@apollo/client/react';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import { AlertCircle, X } from 'lucide-react';
import React, { type ReactNode, type RefObject, useEffect, useRef } from 'react';
import { LoadingMessage } from '../../components/LoadingMessage';
import { RetryMessage } from '../../components/RetryMessage';
import { SITE_URL } from '../../config/site';
import { useLocale } from '../i18n/use-locale';
import { countryName } from '../explorer/format';
import { formatDate, formatDateTime, languageName, mailtoHref } from './format';
import { type LeadDetailFragment, LeadDocument, type LeadStatus } from './generated';
import { FitScore, StatusSelect } from './LeadsTable';
import * as tableStyles from './LeadsWorkspace.module.css';
import { problemText } from './problems';
import { localProblem } from './staff-client';
import * as shared from './Staff.module.css';
import * as styles from './LeadDetail.module.css';
import { EraseLead } from './EraseLead';
import { LeadActivity } from './LeadActivity';

interface Props {
  /** The open lead (`?lead=<id>`), or null. */
  id: string | null;
  /** Its status change is on its way to the API. */
  pending: boolean;
  /** Where the focus goes on closing when the element that opened the details is gone (an erased lead's row). */
  fallbackFocus: RefObject<HTMLElement>;
  /** The link to another lead (a repeat's first request), and opening it in this panel. */
  hrefOf(id: string): string;
  onOpen(id: string): void;
  onClose(): void;
  onStatus(lead: LeadDetailFragment, status: LeadStatus): void;
  /** The lead was erased (its agency's name). */
  onErased(agency: string): void;
}

/** Everything a lead says, asked afresh each time it opens, in a modal panel: its status, and its erasure. */
export function LeadDetail({ id, pending, fallbackFocus, hrefOf, onOpen, onClose, onStatus, onErased }: Props) {
  const { t } = useTranslation('staff');
  const { locale } = useLocale();
  const { data, error, refetch } = useQuery(LeadDocument, id ? { variables: { id } } : skipToken);
  const problem = error && localProblem(error);
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const open = id !== null;

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      element.showModal();
    } else if (!open && element.open) {
      element.close();
      (opener.current?.isConnected ? opener.current : fallbackFocus.current)?.focus();
    }
  }, [open, fallbackFocus]);

  const lead = !error && data?.lead.id === id ? data.lead : null;
  return (
    <dialog
      ref={dialog}
      className={styles.panel}
      aria-labelledby="lead-title"
      onCancel={(event) => {
        // React passes the confirmation's cancel (Escape) up to this dialog too: only its own counts.
        if (event.target !== event.currentTarget) return;
        event.preventDefault();
        onClose();
      }}
    >
      <div className={styles.header}>
        <div>
          <span className="eyebrow">{t('detail.eyebrow')}</span>
          <h2 id="lead-title" title={lead?.agencyName}>
            {lead?.agencyName ?? t('detail.title')}
          </h2>
        </div>
        <button type="button" className={styles.close} onClick={onClose} aria-label={t('detail.close')}>
          <X size={22} strokeWidth={1.75} aria-hidden="true" />
        </button>
      </div>
      {!lead && !error && <LoadingMessage className={styles.loading}>{t('detail.loading')}</LoadingMessage>}
      {/* No lead by that id, or a refused one: asking again would change nothing. */}
      {problem && (problem.kind === 'notFound' || problem.kind === 'refused') && (
        <p className={shared.error} role="alert">
          <AlertCircle size={20} strokeWidth={1.75} aria-hidden="true" />
          {problemText(t, problem, 'item')}
        </p>
      )}
      {problem && problem.kind !== 'notFound' && problem.kind !== 'refused' && (
        <RetryMessage action={t('list.retry')} onRetry={() => void refetch().catch(() => undefined)}>
          <p>{problemText(t, problem, 'item')}</p>
        </RetryMessage>
      )}
      {lead && (
        <>
          <Fields
            lead={lead}
            activity={<LeadActivity activity={lead.activity} />}
            status={
              <StatusSelect
                status={lead.status}
                pending={pending}
                label={t('detail.fields.status')}
                onChange={(status) => onStatus(lead, status)}
              />
            }
            repeatLink={
              lead.repeatOf && (
                <a
                  href={hrefOf(lead.repeatOf.id)}
                  onClick={(event) => {
                    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                    event.preventDefault();
                    onOpen(lead.repeatOf!.id);
                  }}
                >
                  {t('repeat.first', { date: formatDate(lead.repeatOf.receivedAt, locale.tag) })}
                </a>
              )
            }
          />
          <EraseLead lead={lead} onErased={onErased} />
        </>
      )}
    </dialog>
  );
}

/** What a fit reason's value means, in the page's language: "10 M€ – 50 M€", "Business address", "In coverage (Germany)". */
function useReasonText() {
  const { t } = useTranslation('staff');
  const { locale } = useLocale();
  return (lead: LeadDetailFragment, { rule, value }: LeadDetailFragment['fitReasons'][number]): string => {
    switch (rule) {
      case 'agencySize':
      case 'advertiserCount':
      case 'interest':
        return t(`contact:options.${rule}.${value}`);
      case 'decisionRole':
        return t(`detail.decisionRole.${value}`);
      case 'email':
        return t(`fit.email.${value}`);
      case 'country':
        return t(`fit.country.${value}`, { country: lead.country ? countryName(lead.country, locale.tag) : '' });
    }
  };
}

function Fields({
  lead,
  status,
  repeatLink,
  activity,
}: {
  lead: LeadDetailFragment;
  status: ReactNode;
  repeatLink: ReactNode;
  activity: ReactNode;
}) {
  const { t } = useTranslation('staff');
  const { locale } = useLocale();
  const reasonText = useReasonText();
  const date = (iso: string) => <time dateTime={iso}>{formatDateTime(iso, locale.tag)}</time>;
  const option = (field: 'agencyType' | 'agencySize' | 'advertiserCount' | 'position', value: string) =>
    t(`contact:options.${field}.${value}`);
  const notGiven = <span className={styles.none}>{t('detail.notGiven')}</span>;
  const groups: { heading: string; rows: [string, ReactNode][] }[] = [
    {
      heading: t('detail.groups.status'),
      rows: [
        ['status', status],
        ['statusUpdated', lead.statusUpdatedAt ? date(lead.statusUpdatedAt) : notGiven],
        ['received', date(lead.receivedAt)],
        ...(lead.requestNumber > 1
          ? [
              [
                'repeat',
                <>
                  {t('repeat.tag', { count: lead.requestNumber, ordinal: true })}
                  {repeatLink && <> · {repeatLink}</>}
                </>,
              ] as [string, ReactNode],
            ]
          : []),
      ],
    },
    {
      heading: t('detail.groups.fit'),
      rows: [
        ['fitScore', <FitScore score={lead.fitScore} />],
        [
          'fitReasons',
          <ul className={styles.reasons}>
            {lead.fitReasons.map((reason) => (
              <li key={reason.rule}>
                <span>
                  {t(`fit.rules.${reason.rule}`)}: {reasonText(lead, reason)}
                </span>
                <span className={styles.points}>{t('fit.points', { points: reason.points, max: reason.maxPoints })}</span>
              </li>
            ))}
          </ul>,
        ],
      ],
    },
    {
      heading: t('detail.groups.agency'),
      rows: [
        ['agencyName', lead.agencyName],
        ['agencyType', option('agencyType', lead.agencyType)],
        ['agencySize', option('agencySize', lead.agencySize)],
        ['advertiserCount', option('advertiserCount', lead.advertiserCount)],
      ],
    },
    {
      heading: t('detail.groups.contact'),
      rows: [
        ['contactName', lead.contactName],
        ['position', option('position', lead.position)],
        ['decisionRole', t(`detail.decisionRole.${lead.decisionRole}`)],
        [
          'email',
          <>
            <a href={mailtoHref(lead.email)}>{lead.email}</a>
            {lead.freeEmail && <span className={tableStyles.tag}>{t('freeEmail')}</span>}
          </>,
        ],
        ['phone', lead.phone ? <a href={`tel:${lead.phone}`}>{lead.phone}</a> : notGiven],
        ['language', languageName(lead.locale, locale.tag)],
      ],
    },
    {
      heading: t('detail.groups.attribution'),
      rows: [
        ['source', lead.source ?? t('source.direct')],
        ['landingPage', lead.landingPage ? `${SITE_URL}${lead.landingPage}` : notGiven],
        ['referrerHost', lead.referrerHost ?? notGiven],
        ...(['utmSource', 'utmMedium', 'utmCampaign', 'utmTerm', 'utmContent', 'gclid'] as const)
          .filter((field) => lead[field])
          .map((field): [string, ReactNode] => [field, <code>{lead[field]}</code>]),
      ],
    },
    {
      heading: t('detail.groups.request'),
      rows: [
        ['interest', t(`contact:options.interest.${lead.interest}`)],
        ...(lead.requestedAudiences.length
          ? [
              [
                'audiences',
                <ul className={styles.reasons}>
                  {lead.requestedAudiences.map((audience) => (
                    <li key={audience.segmentId}>
                      <span>
                        <code>{audience.segmentId}</code> {audience.englishTaxonomyPath}
                      </span>
                    </li>
                  ))}
                </ul>,
              ] as [string, ReactNode],
            ]
          : []),
        ['message', lead.message ? <span className={styles.message}>{lead.message}</span> : notGiven],
        ['page', lead.pagePath ? `${SITE_URL}${lead.pagePath}` : notGiven],
        ['terms', t('detail.termsAccepted', { version: lead.termsVersion, date: formatDateTime(lead.termsAcceptedAt, locale.tag) })],
        ['id', <code>{lead.id}</code>],
      ],
    },
  ];
  return (
    <div className={styles.groups}>
      {groups.map((group) => (
        <section key={group.heading} className={styles.group}>
          <h3>{group.heading}</h3>
          <dl>
            {group.rows.map(([field, value]) => (
              <div key={field} className={styles.row}>
                <dt>{t(`detail.fields.${field}`)}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      {activity}
    </div>
  );
}
