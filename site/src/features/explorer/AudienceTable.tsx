import { useTranslation } from 'gatsby-plugin-react-i18next';
import { Copy } from 'lucide-react';
import React, { useEffect, useRef, useState } from 'react';
import { useLocale } from '../i18n/use-locale';
import type { ExplorerAudienceFragment } from '../api/generated';
import { formatReach } from './format';
import { type Announce, RequestToggle } from './SelectedAudiences';
import * as styles from './Explorer.module.css';

type Audience = ExplorerAudienceFragment;

export function AudienceTable({
  audiences,
  caption,
  country,
  announce,
}: {
  audiences: Audience[];
  caption: string;
  country: string;
  announce: Announce;
}) {
  const { t } = useTranslation('explorer');
  const { locale } = useLocale();
  const largest = Math.max(...audiences.map((audience) => audience.audienceSize));
  return (
    <table className={`data-table ${styles.table}`}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('interest')}</th>
          <th scope="col" className={styles.reachHeading}>
            {t('audience')}
          </th>
        </tr>
      </thead>
      <tbody>
        {audiences.map((audience) => (
          <tr key={audience.id}>
            <th scope="row">
              <span className={styles.name}>{audience.interest}</span>
              <Segment audience={audience} english={locale.code !== 'en'} />
              <RequestToggle audience={audience} country={country} announce={announce} />
            </th>
            <td>
              <span className={styles.reach}>
                <span className={styles.bar} aria-hidden="true">
                  <span style={{ width: `${Math.max(4, (audience.audienceSize / largest) * 100)}%` }} />
                </span>
                <data value={audience.audienceSize} className="figure">
                  {formatReach(audience.audienceSize, locale.tag)}
                </data>
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The audience as a The Trade Desk seat lists it: its segment id (with a copy button) and taxonomy path, in English too. */
function Segment({ audience, english }: { audience: Audience; english: boolean }) {
  const { t } = useTranslation('explorer');
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<number>();
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(audience.segmentId);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setCopied('idle'), 3000);
  };
  return (
    <span className={styles.segment}>
      <span className={styles.segmentId}>
        <code>{audience.segmentId}</code>
        <button type="button" className={styles.copy} onClick={() => void copy()} aria-label={t('copyId', { id: audience.segmentId })}>
          <Copy size={14} strokeWidth={1.75} aria-hidden="true" />
        </button>
        <span role="status" className={copied === 'idle' ? 'visually-hidden' : styles.toast}>
          {copied === 'idle' ? '' : t(copied === 'copied' ? 'copied' : 'copyFailed', { id: audience.segmentId })}
        </span>
      </span>
      <span className={styles.path}>{audience.taxonomyPath}</span>
      {english && (
        <span className={styles.path} lang="en">
          {t('inSeat')} {audience.englishTaxonomyPath}
        </span>
      )}
    </span>
  );
}
