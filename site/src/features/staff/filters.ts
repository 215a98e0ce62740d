import { CONTACT_OPTIONS } from '@segmentia/contracts/contact';
import { LOCALES } from '@segmentia/contracts/locales';
import type { Interest, LeadOrder, LeadsFilter, LeadStatus, Locale } from './generated';

/** The sales pipeline in order; labels in locales/{lang}/staff.json under `status`. */
export const LEAD_STATUSES = ['NEW', 'CONTACTED', 'DEMO_SENT', 'QUALIFIED', 'DISQUALIFIED', 'SPAM'] satisfies LeadStatus[];
export const LEAD_LOCALES = LOCALES.map((locale) => locale.api) satisfies Locale[];
/** The fit score thresholds offered: "60 or more"… */
export const FIT_THRESHOLDS = ['40', '60', '80'] as const;
/** The list's orders besides the default, newest first. */
export const LEAD_ORDERS = ['BEST_FIT'] satisfies LeadOrder[];

/** The list's filters as the page holds them: days as YYYY-MM-DD, '' for any. */
export interface LeadFilters {
  from: string;
  to: string;
  status: LeadStatus | '';
  interest: Interest | '';
  language: Locale | '';
  search: string;
  /** Found in the campaign (utm_source, utm_medium, utm_campaign) or the referring host. */
  source: string;
  /** The least fit score shown. */
  fit: (typeof FIT_THRESHOLDS)[number] | '';
  /** Best fit first; '' for newest first. */
  order: (typeof LEAD_ORDERS)[number] | '';
}

/** The workspace's tabs: the list of leads, or the overview's charts. */
export const LEAD_TABS = ['list', 'overview'] as const;
export type LeadTab = (typeof LEAD_TABS)[number];

/** The filters, the tab, and the lead whose details are open. */
export interface LeadView {
  filters: LeadFilters;
  tab: LeadTab;
  lead: string | null;
}

export const NO_FILTERS: LeadFilters = {
  from: '',
  to: '',
  status: '',
  interest: '',
  language: '',
  search: '',
  source: '',
  fit: '',
  order: '',
};

/** Each filter's URL parameter: `?from=2026-11-01&status=NEW&q=norte`. */
const PARAMS: Record<keyof LeadFilters, string> = {
  from: 'from',
  to: 'to',
  status: 'status',
  interest: 'interest',
  language: 'language',
  search: 'q',
  source: 'source',
  fit: 'fit',
  order: 'sort',
};
/** The API's notifications link to `{STAFF_PAGE_URL}?lead=<id>`. */
const LEAD_PARAM = 'lead';
/** `?view=overview`; the list is the default. */
const TAB_PARAM = 'view';
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | '' => values.find((known) => known === value) ?? '';

/** The view a URL's query asks for; unknown values are left out. */
export function readView(search: string): LeadView {
  const params = new URLSearchParams(search);
  const day = (param: string) => DAY.exec(params.get(param) ?? '')?.[0] ?? '';
  return {
    filters: {
      from: day(PARAMS.from),
      to: day(PARAMS.to),
      status: oneOf(LEAD_STATUSES, params.get(PARAMS.status)),
      interest: oneOf(CONTACT_OPTIONS.interest, params.get(PARAMS.interest)),
      language: oneOf(LEAD_LOCALES, params.get(PARAMS.language)),
      search: params.get(PARAMS.search)?.trim() ?? '',
      source: params.get(PARAMS.source)?.trim() ?? '',
      fit: oneOf(FIT_THRESHOLDS, params.get(PARAMS.fit)),
      order: oneOf(LEAD_ORDERS, params.get(PARAMS.order)),
    },
    tab: oneOf(LEAD_TABS, params.get(TAB_PARAM)) || 'list',
    lead: params.get(LEAD_PARAM) || null,
  };
}

/** The query string that reproduces a view, keeping the URL's other parameters. */
export function viewSearch(current: string, { filters, tab, lead }: LeadView): string {
  const params = new URLSearchParams(current);
  for (const key of Object.keys(PARAMS) as (keyof LeadFilters)[]) {
    if (filters[key]) params.set(PARAMS[key], filters[key]);
    else params.delete(PARAMS[key]);
  }
  if (tab !== 'list') params.set(TAB_PARAM, tab);
  else params.delete(TAB_PARAM);
  if (lead) params.set(LEAD_PARAM, lead);
  else params.delete(LEAD_PARAM);
  const query = params.toString();
  return query ? `?${query}` : '';
}

export const hasFilters = (filters: LeadFilters) => Object.values(filters).some(Boolean);

/** The API's filter. Days are the salesperson's local days, `to` included (the API's `receivedTo` is exclusive). */
export function leadsFilterOf({ from, to, status, interest, language, search, source, fit }: LeadFilters): LeadsFilter {
  return {
    ...(from ? { receivedFrom: startOfDay(from, 0) } : {}),
    ...(to ? { receivedTo: startOfDay(to, 1) } : {}),
    ...(status ? { status } : {}),
    ...(interest ? { interest } : {}),
    ...(language ? { locale: language } : {}),
    ...(search.trim() ? { search: search.trim() } : {}),
    ...(source.trim() ? { source: source.trim() } : {}),
    ...(fit ? { minFitScore: Number(fit) } : {}),
  };
}

export const leadOrderOf = ({ order }: LeadFilters): LeadOrder => order || 'NEWEST';

function startOfDay(day: string, daysLater: number): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date + daysLater).toISOString();
}
