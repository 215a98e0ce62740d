/**
 * The overview for sales managers: the filtered leads per week for twelve
 * weeks, stacked by status, and the period's top sources, interests and
 * countries. Charts by Recharts (SVG, with its keyboard and screen-reader
 * layer), each with its figures as a table for screen readers. Loaded with
 * its chart library only when the tab is opened, on the staff page only.
 */
import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import React, { type ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { LoadingMessage } from '../../components/LoadingMessage';
import { RetryMessage } from '../../components/RetryMessage';
import { useLocale } from '../i18n/use-locale';
import { LEAD_STATUSES, type LeadFilters, leadsFilterOf } from './filters';
import { countryName } from '../explorer/format';
import { formatDate } from './format';
import { LeadInsightsDocument, type LeadStatus } from './generated';
import { problemText } from './problems';
import { localProblem } from './staff-client';
import * as styles from './LeadsOverview.module.css';

/** The pipeline's colours, as the status dots of the list show them. */
const STATUS_COLOURS: Record<LeadStatus, string> = {
  NEW: '#1f4fff',
  CONTACTED: '#7c5cff',
  DEMO_SENT: '#e29a00',
  QUALIFIED: '#00b894',
  DISQUALIFIED: '#8a96ad',
  SPAM: '#c0262d',
};
const BAR = '#1f4fff';
const AXIS = { fontSize: 13, fill: '#43506b' };

/** New filters' figures replace the last ones once they have come. */
export default function LeadsOverview({ filters }: { filters: LeadFilters }) {
  const { t } = useTranslation('staff');
  const { locale } = useLocale();
  const { data, previousData, error, refetch } = useQuery(LeadInsightsDocument, { variables: { filter: leadsFilterOf(filters) } });
  const insights = (data ?? previousData)?.leadInsights;

  if (error) {
    const problem = localProblem(error);
    return (
      <RetryMessage action={t('list.retry')} onRetry={() => void refetch().catch(() => undefined)}>
        <p>{problem && problemText(t, problem)}</p>
      </RetryMessage>
    );
  }
  if (!insights) {
    return <LoadingMessage>{t('overview.loading')}</LoadingMessage>;
  }

  const week = (iso: string) => formatDate(iso, locale.tag);
  const weeks = insights.weeks.map((row) => ({
    week: week(row.weekStart),
    total: row.total,
    ...Object.fromEntries(row.byStatus.map(({ status, count }) => [status, count])),
  }));
  const statusName = (status: LeadStatus) => t(`status.${status}`);
  const sources = insights.sources.map(({ value, count }) => ({ name: value ?? t('source.direct'), count }));
  const interests = insights.interests.map(({ interest, count }) => ({ name: t(`contact:options.interest.${interest}`), count }));
  const countries = insights.countries.map(({ value, count }) => ({
    name: value ? countryName(value, locale.tag) : t('overview.unknownCountry'),
    count,
  }));
  const period = t('overview.period', {
    from: formatDate(insights.from, locale.tag),
    to: formatDate(new Date(new Date(insights.to).getTime() - 1).toISOString(), locale.tag),
  });

  return (
    <div className={styles.overview}>
      <p className={styles.summary}>
        <strong>{t('list.count', { count: insights.total })}</strong> {period}
      </p>
      <ChartFigure
        id="overview-weeks"
        title={t('overview.weeks.title')}
        wide
        table={
          <FigureTable
            caption={t('overview.weeks.title')}
            headers={[t('overview.weeks.week'), ...LEAD_STATUSES.map(statusName), t('overview.total')]}
            rows={insights.weeks.map((row) => [week(row.weekStart), ...row.byStatus.map(({ count }) => count), row.total])}
          />
        }
      >
        <ResponsiveContainer width="100%" height={320}>
          <BarChart data={weeks} accessibilityLayer margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
            <CartesianGrid vertical={false} stroke="#dde3ee" />
            <XAxis dataKey="week" tick={AXIS} tickLine={false} interval="preserveStartEnd" minTickGap={12} />
            <YAxis allowDecimals={false} tick={AXIS} tickLine={false} axisLine={false} width={36} />
            <Tooltip />
            <Legend
              wrapperStyle={{ fontSize: 13 }}
              itemSorter={null}
              formatter={(value: string) => <span className={styles.legend}>{value}</span>}
            />
            {LEAD_STATUSES.map((status) => (
              <Bar
                key={status}
                dataKey={status}
                name={statusName(status)}
                stackId="status"
                fill={STATUS_COLOURS[status]}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </ChartFigure>
      <TopChart id="overview-sources" title={t('overview.sources')} header={t('list.columns.source')} rows={sources} />
      <TopChart id="overview-interests" title={t('overview.interests')} header={t('list.columns.interest')} rows={interests} />
      <TopChart id="overview-countries" title={t('overview.countries')} header={t('overview.country')} rows={countries} />
    </div>
  );
}

/**
 * A chart with its title, and its figures as a table for screen readers. The
 * chart itself takes the keyboard (Recharts' accessibility layer: focus it,
 * then the arrow keys move the tooltip from bar to bar).
 */
function ChartFigure({
  id,
  title,
  wide = false,
  table,
  children,
}: {
  id: string;
  title: string;
  wide?: boolean;
  table: ReactNode;
  children: ReactNode;
}) {
  return (
    <figure className={`${styles.figure} ${wide ? styles.wide : ''}`} aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`}>{title}</figcaption>
      {children}
      <div className="visually-hidden">{table}</div>
    </figure>
  );
}

function FigureTable({ caption, headers, rows }: { caption: string; headers: string[]; rows: (string | number)[][] }) {
  return (
    <table>
      <caption>{caption}</caption>
      <thead>
        <tr>
          {headers.map((header) => (
            <th key={header} scope="col">
              {header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(([first, ...rest]) => (
          <tr key={String(first)}>
            <th scope="row">{first}</th>
            {rest.map((cell, index) => (
              <td key={headers[index + 1]}>{cell}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The most frequent values of the period as horizontal bars; "No lead" when there is none. */
function TopChart({ id, title, header, rows }: { id: string; title: string; header: string; rows: { name: string; count: number }[] }) {
  const { t } = useTranslation('staff');
  if (!rows.length) {
    return (
      <figure className={styles.figure} aria-labelledby={`${id}-title`}>
        <figcaption id={`${id}-title`}>{title}</figcaption>
        <p className={styles.empty}>{t('list.empty')}</p>
      </figure>
    );
  }
  return (
    <ChartFigure
      id={id}
      title={title}
      table={<FigureTable caption={title} headers={[header, t('overview.leads')]} rows={rows.map((row) => [row.name, row.count])} />}
    >
      <ResponsiveContainer width="100%" height={48 + rows.length * 36}>
        <BarChart data={rows} layout="vertical" accessibilityLayer margin={{ top: 0, right: 24, bottom: 0, left: 0 }}>
          <XAxis type="number" allowDecimals={false} tick={AXIS} tickLine={false} axisLine={false} />
          <YAxis type="category" dataKey="name" width={150} tick={AXIS} tickLine={false} />
          <Tooltip />
          <Bar
            dataKey="count"
            name={t('overview.leads')}
            fill={BAR}
            isAnimationActive={false}
            label={{ position: 'right', fontSize: 13, fill: '#0b1b3f' }}
          />
        </BarChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}
