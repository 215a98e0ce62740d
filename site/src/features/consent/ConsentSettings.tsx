import { useTranslation } from 'gatsby-plugin-react-i18next';
import { X } from 'lucide-react';
import React, { useEffect, useRef, useState } from 'react';
import { COOKIES } from './config';
import * as styles from './ConsentSettings.module.css';

const OPTIONAL = COOKIES.filter((cookie) => cookie.category === 'optional');
const NECESSARY = COOKIES.filter((cookie) => cookie.category === 'necessary');

interface Props {
  /** The optional ids the visitor has enabled today (none before a decision). */
  saved: ReadonlySet<string>;
  /** The browser sends the Global Privacy Control signal: marketing is off and cannot be switched on here. */
  gpc: boolean;
  onDecide(enabledIds: string[]): void;
  onClose(): void;
}

/**
 * The cookie settings dialog: a switch per cookie, the unsaved-changes notice,
 * save, accept all, decline. Its own chunk, loaded when a visitor opens it.
 */
export default function ConsentSettings({ saved, gpc, onDecide, onClose }: Props) {
  const { t } = useTranslation('consent');
  const dialog = useRef<HTMLDialogElement>(null);
  const [draft, setDraft] = useState<Set<string>>(() => new Set(saved));
  useEffect(() => dialog.current?.showModal(), []);
  const unsaved = OPTIONAL.some((cookie) => draft.has(cookie.id) !== saved.has(cookie.id));

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby="consent-dialog-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className={styles.dialogHeader}>
        <h2 id="consent-dialog-title">{t('dialog.title')}</h2>
        <button type="button" className={styles.close} onClick={onClose} aria-label={t('dialog.close')}>
          <X size={22} strokeWidth={1.75} aria-hidden="true" />
        </button>
      </div>
      <p className={styles.dialogIntro}>{t('dialog.intro')}</p>
      {gpc && (
        <p className={styles.gpc} role="note">
          {t('gpc.notice')}
        </p>
      )}
      <ul className={styles.cookies}>
        {[...NECESSARY, ...OPTIONAL].map((cookie) => {
          const necessary = cookie.category === 'necessary';
          const refused = gpc && cookie.marketing === true;
          const id = `consent-${cookie.id}`;
          return (
            <li key={cookie.id} className={styles.cookie}>
              <div className={styles.cookieText}>
                <label htmlFor={id} className={styles.cookieName}>
                  {t(`cookies.${cookie.id}.name`)}
                </label>
                <p id={`${id}-description`}>{t(`cookies.${cookie.id}.description`)}</p>
                <p className={styles.meta}>
                  {necessary ? t('dialog.alwaysOn') : refused ? t('gpc.off') : t('dialog.optional')} · {t('dialog.cookiesSet')}:{' '}
                  <code>{cookie.targets.join(', ')}</code>
                  {!necessary && (
                    <>
                      {' · '}
                      <a href={t(`cookies.${cookie.id}.link`)} target="_blank" rel="noopener noreferrer">
                        {t(`cookies.${cookie.id}.linkLabel`)}
                      </a>
                    </>
                  )}
                </p>
              </div>
              <input
                id={id}
                type="checkbox"
                role="switch"
                className={styles.toggle}
                checked={necessary || (!refused && draft.has(cookie.id))}
                disabled={necessary || refused}
                aria-describedby={`${id}-description`}
                onChange={(event) =>
                  setDraft((current) => {
                    const next = new Set(current);
                    if (event.target.checked) next.add(cookie.id);
                    else next.delete(cookie.id);
                    return next;
                  })
                }
              />
            </li>
          );
        })}
      </ul>
      {unsaved && (
        <p className={styles.unsaved} role="status">
          {t('dialog.unsaved')}
        </p>
      )}
      <div className={styles.dialogActions}>
        <button type="button" className="button button--primary" onClick={() => onDecide([...draft])}>
          {t('dialog.save')}
        </button>
        <button type="button" className="button button--secondary" onClick={() => onDecide(OPTIONAL.map((cookie) => cookie.id))}>
          {t('acceptAll')}
        </button>
        <button type="button" className="button button--secondary" onClick={() => onDecide([])}>
          {t('decline')}
        </button>
      </div>
    </dialog>
  );
}
