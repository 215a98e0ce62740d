// Over 300 lines on purpose: one component owns the staff list's state (the list, the open lead, pending status
// changes, the CSV, announcements), because a status change or an erasure updates the list and the details together;
// what it renders (table, details, filters, overview) lives in files of its own.
import { useTranslation } from 'gatsby-plugin-react-i18next';
import { AlertCircle, Download, LogOut, RotateCcw, ShieldAlert } from 'lucide-react';
import React, { type KeyboardEvent, lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useLocale } from '../i18n/use-locale';
import { csvFileName, csvSeparatorFor, saveCsv } from '../download/csv';
import { LEAD_TABS, leadOrderOf, leadsFilterOf, type LeadTab, viewSearch } from './filters';
import type { LeadDetailFragment, LeadStatus, LeadSummaryFragment } from './generated';
import { type DetailState, LeadDetail } from './LeadDetail';
import { LeadFilterForm } from './LeadFilterForm';
import { LeadsTable } from './LeadsTable';
import { QueryInGraphql } from './QueryInGraphql';
import type { Blocker, LocalProblem } from './problems';
import { useLeadView } from './use-lead-view';
import { type Outcome, useStaffApi } from './use-staff-api';
import type { EndNotice } from './use-staff-session';
import * as shared from './Staff.module.css';
import * as styles from './LeadsWorkspace.module.css';

/** The overview's charts and their library: loaded when the tab is first opened. */
const LeadsOverview = lazy(() => import(/* webpackChunkName: "staff-overview" */ './LeadsOverview'));

type List =
  | { status: 'loading' }
  | { status: 'failed'; problem: LocalProblem | null }
  | { status: 'ready'; leads: LeadSummaryFragment[]; totalCount: number; endCursor: string | null; hasNextPage: boolean };

interface Props {
  email: string;
  onSessionEnd(notice: EndNotice): void;
}

/** The signed-in staff member's leads: filters, the list a page at a time, status, details, CSV and erasure. */
export function LeadsWorkspace({ email, onSessionEnd }: Props) {
  const { t } = useTranslation('staff');
  const { code } = useLocale();
  const { view, setFilters, openLead, openTab } = useLeadView();
  const [blocked, setBlocked] = useState<Blocker | null>(null);
  const call = useStaffApi(onSessionEnd, setBlocked);
  const [list, setList] = useState<List>({ status: 'loading' });
  const [refreshing, setRefreshing] = useState(false);
  const [more, setMore] = useState<'idle' | 'loading' | LocalProblem>('idle');
  const [attempt, setAttempt] = useState(0);
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const [detail, setDetail] = useState<DetailState>({ status: 'loading' });
  const [preparingCsv, setPreparingCsv] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [focusLead, setFocusLead] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // Each new first page starts a generation; a "load more" of an older one is dropped.
  const generation = useRef(0);

  const filters = view?.filters;
  const leadId = view?.lead ?? null;
  const tab = view?.tab ?? 'list';
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

  useEffect(() => {
    if (!filters) return;
    let current = true;
    const mine = ++generation.current;
    setRefreshing(true);
    void call((api) => api.fetchLeads(leadsFilterOf(filters), leadOrderOf(filters), null)).then((outcome) => {
      if (!current || mine !== generation.current) return;
      setRefreshing(false);
      setMore('idle');
      setList(
        outcome.ok
          ? { status: 'ready', ...pageOf(outcome.value), leads: outcome.value.edges.map((edge) => edge.node) }
          : { status: 'failed', problem: outcome.problem },
      );
    });
    return () => {
      current = false;
    };
  }, [call, filters, attempt]);

  useEffect(() => {
    if (!leadId) return;
    let current = true;
    setDetail({ status: 'loading' });
    void call((api) => api.fetchLead(leadId)).then(
      (outcome) =>
        current && setDetail(outcome.ok ? { status: 'ready', lead: outcome.value } : { status: 'failed', problem: outcome.problem }),
    );
    return () => {
      current = false;
    };
  }, [call, leadId]);

  const problemText = (problem: LocalProblem | null) => (problem ? t(`problems.${problem}`) : '');

  const loadMore = async () => {
    if (list.status !== 'ready' || !filters || more === 'loading') return;
    const mine = generation.current;
    setMore('loading');
    const outcome = await call((api) => api.fetchLeads(leadsFilterOf(filters), leadOrderOf(filters), list.endCursor));
    if (mine !== generation.current) return;
    if (!outcome.ok) return setMore(outcome.problem ?? 'idle');
    setMore('idle');
    const added = outcome.value.edges.map((edge) => edge.node);
    setList((current) =>
      current.status === 'ready' ? { ...current, ...pageOf(outcome.value), leads: [...current.leads, ...added] } : current,
    );
    // The button may be gone (the last page): the focus goes on to the first lead added.
    setFocusLead(added[0]?.id ?? null);
    setAnnouncement(t('list.showing', { shown: list.leads.length + added.length, total: outcome.value.totalCount }));
  };

  /** Shows a status in the list and the open details at once; the API's answer confirms or undoes it. */
  const changeStatus = async (lead: { id: string; agencyName: string; status: LeadStatus }, status: LeadStatus) => {
    const show = (changed: Partial<LeadDetailFragment> & { status: LeadStatus }) => {
      setList((current) =>
        current.status === 'ready'
          ? { ...current, leads: current.leads.map((item) => (item.id === lead.id ? { ...item, status: changed.status } : item)) }
          : current,
      );
      setDetail((current) =>
        current.status === 'ready' && current.lead.id === lead.id ? { ...current, lead: { ...current.lead, ...changed } } : current,
      );
    };
    show({ status });
    setPending((current) => new Set(current).add(lead.id));
    const outcome = await call((api) => api.updateLeadStatus(lead.id, status));
    setPending((current) => new Set([...current].filter((id) => id !== lead.id)));
    if (outcome.ok) {
      show(outcome.value);
      setFailure(null);
      setAnnouncement(t('statusChanged', { agency: lead.agencyName, status: t(`status.${status}`) }));
    } else {
      show({ status: lead.status });
      if (outcome.problem) setFailure(`${t('statusFailed', { agency: lead.agencyName })} ${problemText(outcome.problem)}`);
    }
  };

  const downloadCsv = async () => {
    if (!filters || preparingCsv) return;
    setPreparingCsv(true);
    const outcome = await call((api) => api.fetchLeadsCsv(leadsFilterOf(filters), csvSeparatorFor(code)));
    setPreparingCsv(false);
    if (outcome.ok) {
      saveCsv(outcome.value, csvFileName('leads', new Date()));
      setFailure(null);
      setAnnouncement(t('csv.done'));
    } else if (outcome.problem) {
      setFailure(`${t('csv.failed')} ${problemText(outcome.problem)}`);
    }
  };

  const erase = async (lead: LeadDetailFragment): Promise<Outcome<unknown>> => {
    const outcome = await call((api) => api.eraseLead(lead.id));
    if (!outcome.ok) return outcome;
    setList((current) =>
      current.status === 'ready'
        ? { ...current, leads: current.leads.filter((item) => item.id !== lead.id), totalCount: current.totalCount - 1 }
        : current,
    );
    openLead(null);
    setAnnouncement(t('erase.done', { agency: lead.agencyName }));
    return outcome;
  };

  const hrefOf = useCallback((id: string) => (filters ? viewSearch('', { filters, tab: 'list', lead: id }) : ''), [filters]);

  if (blocked) {
    return (
      <section className={`${shared.card} ${shared.narrow}`} aria-labelledby="staff-title" role="alert">
        <ShieldAlert size={32} strokeWidth={1.75} aria-hidden="true" className={shared.icon} />
        <h1 id="staff-title">{t(`blocked.${blocked}.title`)}</h1>
        <p>{t(`blocked.${blocked}.text`, { email })}</p>
        <button type="button" className="button button--primary" onClick={() => onSessionEnd('signedOut')}>
          <LogOut size={18} strokeWidth={1.75} aria-hidden="true" />
          {t('account.signOut')}
        </button>
      </section>
    );
  }

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
          <button type="button" className="button button--secondary" onClick={() => onSessionEnd('signedOut')}>
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
          <Suspense
            fallback={
              <p className="state-message">
                <span className="spinner" aria-hidden="true" />
                {t('overview.loading')}
              </p>
            }
          >
            <LeadsOverview filters={filters} call={call} problemText={problemText} />
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
            {list.status === 'ready' ? t('list.count', { count: list.totalCount }) : t('list.title')}
          </h2>
          {list.status === 'ready' && list.leads.length < list.totalCount && (
            <p className={styles.shown}>{t('list.showing', { shown: list.leads.length, total: list.totalCount })}</p>
          )}
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void downloadCsv()}
            disabled={list.status !== 'ready' || list.totalCount === 0}
            aria-disabled={preparingCsv}
          >
            {preparingCsv ? (
              <span className={`spinner ${shared.buttonSpinner}`} aria-hidden="true" />
            ) : (
              <Download size={18} strokeWidth={1.75} aria-hidden="true" />
            )}
            {preparingCsv ? t('csv.preparing') : t('csv.download')}
          </button>
        </div>
        {failure && (
          <p className={shared.error} role="alert">
            <AlertCircle size={20} strokeWidth={1.75} aria-hidden="true" />
            {failure}
          </p>
        )}
        {list.status === 'loading' && (
          <p className="state-message">
            <span className="spinner" aria-hidden="true" />
            {t('list.loading')}
          </p>
        )}
        {list.status === 'failed' && (
          <div className="state-message" role="alert">
            <p>{problemText(list.problem)}</p>
            <button type="button" className="button button--secondary" onClick={() => setAttempt((count) => count + 1)}>
              <RotateCcw size={18} strokeWidth={1.75} aria-hidden="true" />
              {t('list.retry')}
            </button>
          </div>
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
                    {problemText(more)}
                  </p>
                )}
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => void loadMore()}
                  aria-disabled={more === 'loading'}
                >
                  {more === 'loading' && <span className={`spinner ${shared.buttonSpinner}`} aria-hidden="true" />}
                  {more === 'loading' ? t('list.loadingMore') : t('list.loadMore')}
                </button>
              </div>
            )}
          </div>
        )}
      </section>
      <LeadDetail
        id={leadId}
        state={detail}
        pending={leadId !== null && pending.has(leadId)}
        fallbackFocus={heading}
        hrefOf={hrefOf}
        onOpen={openLead}
        onClose={() => openLead(null)}
        onStatus={changeStatus}
        onErase={erase}
      />
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}

const pageOf = ({ totalCount, pageInfo }: { totalCount: number; pageInfo: { endCursor: string | null; hasNextPage: boolean } }) => ({
  totalCount,
  endCursor: pageInfo.endCursor,
  hasNextPage: pageInfo.hasNextPage,
});
