import { useTranslation } from 'gatsby-plugin-react-i18next';
import React from 'react';
import { LEGAL_VALUES } from '../../components/LegalPage';
import { ChangeConsentButton } from './ChangeConsentButton';
import * as styles from './CookieTable.module.css';

interface Row {
  name: string;
  provider: string;
  purpose: string;
  duration: string;
  category: string;
}

/** The cookies policy's table of every cookie the consent tool manages, and the button to change the choice. */
export function CookieTable() {
  const { t } = useTranslation('cookies');
  const heading = t('table', { returnObjects: true }) as Row & { caption: string };
  const rows = t('cookies', { returnObjects: true, ...LEGAL_VALUES }) as Row[];
  const columns = ['name', 'provider', 'purpose', 'duration', 'category'] as const;
  return (
    <section aria-label={heading.caption}>
      <div className={styles.scroll}>
        <table className={styles.table}>
          <caption>{heading.caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
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
                {columns.slice(1).map((column) => (
                  <td key={column}>{row[column]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ChangeConsentButton />
    </section>
  );
}
