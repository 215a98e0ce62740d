import { useApolloClient, useLazyQuery, useMutation } from '@apollo/client/react';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import { AlertCircle, Download, LogOut } from 'lucide-react';
import React, { type KeyboardEvent, lazy, Suspense, useCallback, useRef, useState } from 'react';
import { LoadingMessage } from '../../components/LoadingMessage';
import { BusyButton } from '../../components/BusyButton';
import { RetryMessage } from '../../components/RetryMessage';
import { useLocale } from '../i18n/use-locale';
import { csvFileName, csvSeparatorFor, saveCsv } from '../download/csv';
import { LEAD_TABS, leadOrderOf, leadsFilterOf, type LeadTab, viewSearch } from './filters';
import { LeadsCsvDocument, type LeadStatus, UpdateLeadStatusDocument } from './generated';
import { LeadDetail } from './LeadDetail';
import { LeadFilterForm } from './LeadFilterForm';
import { LeadsTable } from './LeadsTable';
import { QueryInGraphql } from './QueryInGraphql';
import { problemText } from './problems';
import { localProblem } from './staff-client';
import { useLeadsList } from './use-leads-list';
import { useLeadView } from './use-lead-view';
import { endSession } from './use-staff-session';
import * as shared from './Staff.module.css';
import * as styles from './LeadsWorkspace.module.css';

/** The overview's charts and their library: loaded when the tab is first opened. */
const LeadsOverview = lazy(() => import(/* webpackChunkName: "staff-overview" */ './LeadsOverview'));

/**
 * The signed-in staff member's leads: filters, the list a page at a time (useLeadsList), status, details, CSV and
 * erasure. A status change or an erasure reaches the list and the details at once through Apollo's cache.
 */
export function LeadsWorkspace({ email }: { email: string }) {
  const { t } = useTranslation('staff');
  const { code } = useLocale();
  const { view, setFilters, openLead, openTab } = useLeadView();
  const filters = view?.filters;
  const leadId = view?.lead ?? null;
  const tab = view?.tab ?? 'list';
  const { list, refreshing, more, loadMore, retry } = useLeadsList(filters);
  const { cache } = useApolloClient();
  const [updateStatus] = useMutation(UpdateLeadStatusDocument);
  const [fetchCsv, { loading: preparingCsv }] = useLazyQuery(LeadsCsvDocument, { fetchPolicy: 'no-cache' });
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const [failure, setFailure] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [focusLead, setFocusLead] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const changes = useRef(0);
  const tabs = useRef(new Map<LeadTab, HTMLButtonElement>());

  /** The tabs' keys (WAI-ARIA): arrows move between them, Home and End to the first and last. */
  const onTabKey = (event: KeyboardEvent) => {
    const index = LEAD_TABS.indexOf(tab);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: LEAD_TABS.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = LEAD_TABS[(next + LEAD_TABS.length) % LEAD_TABS.length]!;
    openTab(target);
    tabs.current.get(target)?.focus();
  };

  const showMore = async () => {
    const page = await loadMore();
    if (!page || list.status !== 'ready') return;
    // The button may be gone (the last page): the focus goes on to the first lead added.
    setFocusLead(page.added[0]?.id ?? null);
    const shown = list.leads.length + page.added.length;
    setAnnouncement(t(page.totalIsExact ? 'list.showing' : 'list.showingOver', { shown, total: page.totalCount }));
  };

  /** Shows a status in the list and the open details at once; the API's answer confirms it, or its failure undoes it. */
  const changeStatus = async (lead: { id: string; agencyName: string }, status: LeadStatus) => {
    const layer = `status ${++changes.current}`;
    cache.recordOptimisticTransaction(
      (optimistic) => optimistic.modify({ id: optimistic.identify({ __typename: 'Lead', id: lead.id }), fields: { status: () => status } }),
      layer,
    );
    setPending((current) => new Set(current).add(lead.id));
    try {
      await updateStatus({ variables: { id: lead.id, status } });
      setFailure(null);
      setAnnouncement(t('statusChanged', { agency: lead.agencyName, status: t(`status.${status}`) }));
    } catch (error) {
      const problem = localProblem(error);
      if (problem) setFailure(`${t('statusFailed', { agency: lead.agencyName })} ${problemText(t, problem, 'item')}`);
    } finally {
      cache.removeOptimistic(layer);
      setPending((current) => new Set([...current].filter((id) => id !== lead.id)));
    }
  };

  const downloadCsv = async () => {
    if (!filters || preparingCsv) return;
    try {
      const { data } = await fetchCsv({ variables: { filter: leadsFilterOf(filters), separator: csvSeparatorFor(code) } });
      saveCsv(data!.leadsCsv, csvFileName('leads', new Date()));
      setFailure(null);
      setAnnouncement(t('csv.done'));
    } catch (error) {
      const problem = localProblem(error);
      if (problem) setFailure(`${t('csv.failed')} ${problemText(t, problem, 'csv')}`);
    }
  };

  const onErased = (agency: string) => {
    openLead(null);
    setAnnouncement(t('erase.done', { agency }));
  };

  const hrefOf = useCallback((id: string) => (filters ? viewSearch('', { filters, tab: 'list', lead: id }) : ''), [filters]);

  return (
    <div className={styles.workspace}>
      <header className={styles.top}>
        <div>
          <span className="eyebrow">{t('eyebrow')}</span>
          <h1 id="staff-title">{t('list.title')}</h1>
        </div>
        <div className={styles.account}>
          <p>
            {t('account.signedInAs')} <strong>{email}</strong>
          </p>
          <QueryInGraphql />
          <button type="button" className="button button--secondary" onClick={() => endSession('signedOut')}>
            <LogOut size={18} strokeWidth={1.75} aria-hidden="true" />
            {t('account.signOut')}
          </button>
        </div>
      </header>
      {filters && <LeadFilterForm filters={filters} onChange={setFilters} />}
      <div role="tablist" aria-label={t('tabs.label')} className={styles.tabs} onKeyDown={onTabKey}>
        {LEAD_TABS.map((name) => (
          <button
            key={name}
            ref={(button) => {
              if (button) tabs.current.set(name, button);
            }}
            type="button"
            role="tab"
            id={`tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => openTab(name)}
          >
            {t(`tabs.${name}`)}
          </button>
        ))}
      </div>
      {tab === 'overview' && filters && (
        <div role="tabpanel" id="panel-overview" aria-labelledby="tab-overview">
          <Suspense fallback={<LoadingMessage>{t('overview.loading')}</LoadingMessage>}>
            <LeadsOverview filters={filters} />
          </Suspense>
        </div>
      )}
      <section
        role="tabpanel"
        id="panel-list"
        aria-labelledby="tab-list"
        hidden={tab !== 'list'}
        className={styles.results}
        aria-busy={list.status === 'loading' || refreshing}
      >
        <div className={styles.resultsBar}>
          <h2 id="leads-count" ref={heading} tabIndex={-1}>
            {list.status === 'ready' ? t(list.totalIsExact ? 'list.count' : 'list.countOver', { count: list.totalCount }) : t('list.title')}
          </h2>
          {list.status === 'ready' && list.leads.length < list.totalCount && (
            <p className={styles.shown}>
              {t(list.totalIsExact ? 'list.showing' : 'list.showingOver', { shown: list.leads.length, total: list.totalCount })}
            </p>
          )}
          <BusyButton
            className="button button--secondary"
            onClick={() => void downloadCsv()}
            disabled={list.status !== 'ready' || list.totalCount === 0}
            busy={preparingCsv}
            busyLabel={t('csv.preparing')}
            icon={<Download size={18} strokeWidth={1.75} aria-hidden="true" />}
          >
            {t('csv.download')}
          </BusyButton>
        </div>
        {failure && (
          <p className={shared.error} role="alert">
            <AlertCircle size={20} strokeWidth={1.75} aria-hidden="true" />
            {failure}
          </p>
        )}
        {list.status === 'loading' && <LoadingMessage>{t('list.loading')}</LoadingMessage>}
        {list.status === 'failed' && (
          <RetryMessage action={t('list.retry')} onRetry={retry}>
            <p>{list.problem && problemText(t, list.problem)}</p>
          </RetryMessage>
        )}
        {list.status === 'ready' && list.leads.length === 0 && <p className="state-message">{t('list.empty')}</p>}
        {list.status === 'ready' && list.leads.length > 0 && (
          <div className={refreshing ? styles.refreshing : undefined}>
            <LeadsTable
              leads={list.leads}
              pending={pending}
              focusId={focusLead}
              hrefOf={hrefOf}
              onOpen={openLead}
              onStatus={changeStatus}
              order={filters ? leadOrderOf(filters) : 'NEWEST'}
            />
            {list.hasNextPage && (
              <div className={styles.more}>
                {more !== 'idle' && more !== 'loading' && (
                  <p className={shared.error} role="alert">
                    <AlertCircle size={20} strokeWidth={1.75} aria-hidden="true" />
                    {problemText(t, more)}
                  </p>
                )}
                <BusyButton
                  className="button button--secondary"
                  onClick={() => void showMore()}
                  busy={more === 'loading'}
                  busyLabel={t('list.loadingMore')}
                >
                  {t('list.loadMore')}
                </BusyButton>
              </div>
            )}
          </div>
        )}
      </section>
      <LeadDetail
        id={leadId}
        pending={leadId !== null && pending.has(leadId)}
        fallbackFocus={heading}
        hrefOf={hrefOf}
        onOpen={openLead}
        onClose={() => openLead(null)}
        onStatus={changeStatus}
        onErased={onErased}
      />
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
