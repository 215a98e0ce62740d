import { Link } from 'gatsby';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import { Cookie, X } from 'lucide-react';
import React, { useCallback, useEffect, useRef, useState } from 'react';
import { useLocale } from '../i18n/use-locale';
import { COOKIES, CONSENT_EXPIRY_DAYS, revisionOf } from './config';
import { OPEN_SETTINGS_EVENT } from './events';
import { applyConsent } from './scripts';
import { type ConsentState, currentConsentId, decisionCookies, readConsent, renewConsentId } from './store';
import * as styles from './ConsentManager.module.css';

const OPTIONAL = COOKIES.filter((cookie) => cookie.category === 'optional');
const NECESSARY = COOKIES.filter((cookie) => cookie.category === 'necessary');

/**
 * The cookie consent: a bar while the visitor has not decided, a settings
 * dialog, and after a decision a small button that reopens it. Nothing
 * optional runs before consent (scripts.ts); each decision is recorded by the API.
 */
export function ConsentManager() {
  const { t } = useTranslation('consent');
  const { locale, path } = useLocale();
  const [state, setState] = useState<ConsentState | null>(null);
  const [draft, setDraft] = useState<Set<string>>(new Set());
  const [settingsOpen, setSettingsOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const current = readConsent(document.cookie, COOKIES);
    setState(current);
    applyConsent(current.enabled, current.given);
    // An id whose decision has expired goes too.
    currentConsentId(localStorage);
  }, []);

  const openSettings = useCallback(() => {
    const current = readConsent(document.cookie, COOKIES);
    setDraft(new Set(current.given ? current.enabled : []));
    returnFocus.current = document.activeElement as HTMLElement | null;
    dialog.current?.showModal();
    setSettingsOpen(true);
  }, []);

  useEffect(() => {
    window.addEventListener(OPEN_SETTINGS_EVENT, openSettings);
    return () => window.removeEventListener(OPEN_SETTINGS_EVENT, openSettings);
  }, [openSettings]);

  const closeSettings = () => {
    dialog.current?.close();
    setSettingsOpen(false);
    // The element that opened the dialog may be gone (the bar, after a decision): fall back to the control button.
    (returnFocus.current?.isConnected ? returnFocus.current : document.querySelector<HTMLElement>('[data-consent-control]'))?.focus();
  };

  const decide = (enabledIds: string[]) => {
    for (const cookie of decisionCookies(enabledIds, COOKIES, CONSENT_EXPIRY_DAYS)) document.cookie = cookie;
    const next = readConsent(document.cookie, COOKIES);
    setState(next);
    applyConsent(next.enabled, next.given);
    if (dialog.current?.open) closeSettings();
    const consentId = renewConsentId(localStorage, CONSENT_EXPIRY_DAYS);
    void import('../api/client')
      .then((api) =>
        api.recordConsent({ consentId, decisionId: crypto.randomUUID(), enabledIds: [...next.enabled], revision: revisionOf(COOKIES), locale: locale.api }),
      )
      .catch((error: unknown) => console.warn('The consent record could not be sent', error));
  };

  const saved = new Set(state?.given ? [...state.enabled] : []);
  const unsaved = OPTIONAL.some((cookie) => draft.has(cookie.id) !== saved.has(cookie.id));
  const acceptAll = () => decide(OPTIONAL.map((cookie) => cookie.id));
  const decline = () => decide([]);

  return (
    <>
      {/* A live region from the first render, so the bar is announced when it appears. */}
      <div aria-live="polite">
        {state && !state.given && !settingsOpen && (
          <section className={styles.bar} aria-labelledby="consent-bar-title" aria-describedby="consent-bar-text" role="region">
            <div className={`container ${styles.barInner}`}>
              <div>
                <h2 id="consent-bar-title" className={styles.barTitle}>
                  {t('bar.title')}
                </h2>
                <p id="consent-bar-text" className={styles.barText}>
                  {t('bar.text')} <Link to={path('/cookies/')}>{t('bar.policy')}</Link>
                </p>
              </div>
              <div className={styles.actions}>
                <button type="button" className="button button--primary" onClick={acceptAll}>
                  {t('acceptAll')}
                </button>
                <button type="button" className="button button--primary" onClick={decline}>
                  {t('decline')}
                </button>
                <button type="button" className="button button--primary" onClick={openSettings}>
                  {t('settings')}
                </button>
              </div>
            </div>
          </section>
        )}
      </div>
      {state?.given && (
        <button type="button" className={styles.control} onClick={openSettings} aria-label={t('control')} title={t('control')} data-consent-control>
          <Cookie size={22} strokeWidth={1.75} aria-hidden="true" />
        </button>
      )}
      <dialog ref={dialog} className={styles.dialog} aria-labelledby="consent-dialog-title" onCancel={(event) => {
        event.preventDefault();
        closeSettings();
      }}>
        <div className={styles.dialogHeader}>
          <h2 id="consent-dialog-title">{t('dialog.title')}</h2>
          <button type="button" className={styles.close} onClick={closeSettings} aria-label={t('dialog.close')}>
            <X size={22} strokeWidth={1.75} aria-hidden="true" />
          </button>
        </div>
        <p className={styles.dialogIntro}>{t('dialog.intro')}</p>
        <ul className={styles.cookies}>
          {[...NECESSARY, ...OPTIONAL].map((cookie) => {
            const necessary = cookie.category === 'necessary';
            const id = `consent-${cookie.id}`;
            return (
              <li key={cookie.id} className={styles.cookie}>
                <div className={styles.cookieText}>
                  <label htmlFor={id} className={styles.cookieName}>
                    {t(`cookies.${cookie.id}.name`)}
                  </label>
                  <p id={`${id}-description`}>{t(`cookies.${cookie.id}.description`)}</p>
                  <p className={styles.meta}>
                    {necessary ? t('dialog.alwaysOn') : t('dialog.optional')} · {t('dialog.cookiesSet')}: <code>{cookie.targets.join(', ')}</code>
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
                  checked={necessary || draft.has(cookie.id)}
                  disabled={necessary}
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
          <button type="button" className="button button--primary" onClick={() => decide([...draft])}>
            {t('dialog.save')}
          </button>
          <button type="button" className="button button--secondary" onClick={acceptAll}>
            {t('acceptAll')}
          </button>
          <button type="button" className="button button--secondary" onClick={decline}>
            {t('decline')}
          </button>
        </div>
      </dialog>
    </>
  );
}
