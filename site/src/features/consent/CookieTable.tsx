import { useTranslation } from 'gatsby-plugin-react-i18next';
import React, { useId } from 'react';
import { LEGAL_VALUES } from '../../components/LegalPage';
import { StaticHtml } from '../lazy/hydrate-when-near';
import { ChangeConsentButton } from './ChangeConsentButton';
import * as styles from './CookieTable.module.css';

/** A row of the table: a cookie or another storage the site uses (localStorage, sessionStorage, IndexedDB). */
interface Row {
  name: string;
  type: string;
  provider: string;
  purpose: string;
  duration: string;
  category: string;
  /** First or third party. */
  party: string;
}

const COLUMNS = ['name', 'type', 'provider', 'purpose', 'duration', 'category', 'party'] as const;

/**
 * The cookies policy's table of every cookie and other storage the site uses,
 * and the button to change the choice. Below 900 px each row is a card with
 * its labels, drawn by CSS on the same table markup (no ARIA roles: on a
 * table's own elements they are invalid HTML); the region around it can be
 * reached with the keyboard and scrolls with the arrow keys if it ever is too wide.
 */
export function CookieTable() {
  // The table never changes: never hydrated (features/lazy); the button below it is.
  return (
    <div>
      <StaticHtml id="cookie-table">
        <Table />
      </StaticHtml>
      <ChangeConsentButton />
    </div>
  );
}

function Table() {
  const { t } = useTranslation('cookies');
  const heading = t('table', { returnObjects: true }) as Row & { caption: string };
  const rows = t('cookies', { returnObjects: true, ...LEGAL_VALUES }) as Row[];
  const captionId = useId();
  return (
    <div className={styles.scroll} role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className={`data-table ${styles.table}`}>
        <caption id={captionId}>{heading.caption}</caption>
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col">
                {heading[column]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.name}>
              <th scope="row">
                <code>{row.name}</code>
              </th>
              {COLUMNS.slice(1).map((column) => (
                <td key={column} data-label={heading[column]}>
                  {row[column]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
