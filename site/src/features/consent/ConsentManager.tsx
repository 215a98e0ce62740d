import { Link } from 'gatsby';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import { Cookie } from 'lucide-react';
import React, { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useLocale } from '../i18n/use-locale';
import { ErrorBoundary } from '../resilience/ErrorBoundary';
import { allowedUnder, COOKIES, CONSENT_EXPIRY_DAYS, globalPrivacyControl, revisionOf } from './config';
import { OPEN_SETTINGS_EVENT, SETTINGS_FRAGMENT } from './events';
import { applyConsent } from './scripts';
import { type ConsentState, currentConsentId, decisionCookies, readConsent, renewConsentId } from './store';
import * as styles from './ConsentManager.module.css';

const OPTIONAL = COOKIES.filter((cookie) => cookie.category === 'optional');
const NECESSARY = new Set(COOKIES.filter((cookie) => cookie.category === 'necessary').map((cookie) => cookie.id));
/** What the server renders and the first render repeats: no decision known yet (the head's script hides the bar when there is one). */
const UNDECIDED: ConsentState = { given: false, enabled: NECESSARY };

// The settings dialog and its switches: their own chunk, loaded when a visitor opens them.
const ConsentSettings = lazy(() => import('./ConsentSettings'));

/**
 * The cookie consent: a bar while the visitor has not decided (in the
 * server-rendered page, painted without JavaScript), a settings dialog, and
 * after a decision a small button that reopens it. Nothing optional runs
 * before consent (scripts.ts); each decision is recorded by the API. Under
 * the browser's Global Privacy Control signal, marketing stays off without
 * asking (analytics is still offered), and the bar and the settings say so.
 */
export function ConsentManager() {
  const { t } = useTranslation('consent');
  const { locale, path } = useLocale();
  const [state, setState] = useState<ConsentState>(UNDECIDED);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const returnFocus = useRef<HTMLElement | null>(null);
  const [gpc, setGpc] = useState(false);

  useEffect(() => {
    const signal = globalPrivacyControl();
    setGpc(signal);
    // A decision made before the signal was on keeps no marketing under it.
    const stored = readConsent(document.cookie, COOKIES);
    const current = { ...stored, enabled: new Set(allowedUnder(signal, stored.enabled)) };
    setState(current);
    applyConsent(current.enabled, current.given);
    // An id whose decision has expired goes too.
    currentConsentId(localStorage);
  }, []);

  const openSettings = useCallback(() => {
    returnFocus.current = document.activeElement as HTMLElement | null;
    setSettingsOpen(true);
  }, []);

  useEffect(() => {
    window.addEventListener(OPEN_SETTINGS_EVENT, openSettings);
    if (window.location.hash === `#${SETTINGS_FRAGMENT}`) openSettings();
    return () => window.removeEventListener(OPEN_SETTINGS_EVENT, openSettings);
  }, [openSettings]);

  const closeSettings = () => {
    setSettingsOpen(false);
    // The element that opened the dialog may be gone (the bar, after a decision): fall back to the control button.
    requestAnimationFrame(() =>
      (returnFocus.current?.isConnected ? returnFocus.current : document.querySelector<HTMLElement>('[data-consent-control]'))?.focus(),
    );
  };

  const decide = (chosen: string[]) => {
    const enabledIds = allowedUnder(gpc, chosen);
    for (const cookie of decisionCookies(enabledIds, COOKIES, CONSENT_EXPIRY_DAYS)) document.cookie = cookie;
    const next = readConsent(document.cookie, COOKIES);
    document.documentElement.setAttribute('data-consent-decided', '');
    setState(next);
    applyConsent(next.enabled, next.given);
    if (settingsOpen) closeSettings();
    const consentId = renewConsentId(localStorage, CONSENT_EXPIRY_DAYS);
    void import('../api/client')
      .then((api) =>
        api.recordConsent({
          consentId,
          decisionId: crypto.randomUUID(),
          enabledIds: [...next.enabled],
          revision: revisionOf(COOKIES),
          locale: locale.api,
          gpc,
        }),
      )
      .catch((error: unknown) => console.warn('The consent record could not be sent', error));
  };

  const saved = new Set(state.given ? [...state.enabled].filter((id) => !NECESSARY.has(id)) : []);

  return (
    <>
      {/* A live region from the first render, so the bar is announced when it appears. */}
      <div aria-live="polite">
        {!state.given && !settingsOpen && (
          <section className={styles.bar} aria-labelledby="consent-bar-title" aria-describedby="consent-bar-text" role="region">
            <div className={`container ${styles.barInner}`}>
              <div>
                <h2 id="consent-bar-title" className={styles.barTitle}>
                  {t('bar.title')}
                </h2>
                <p id="consent-bar-text" className={styles.barText}>
                  {t('bar.text')} <Link to={path('/cookies/')}>{t('bar.policy')}</Link>
                </p>
                {/* Shown by the head's script (html[data-gpc]) before the first paint, so the bar never changes height. */}
                <p className={styles.gpc}>{t('gpc.notice')}</p>
              </div>
              <div className={styles.actions}>
                <button type="button" className="button button--primary" onClick={() => decide(OPTIONAL.map((cookie) => cookie.id))}>
                  {t('acceptAll')}
                </button>
                <button type="button" className="button button--primary" onClick={() => decide([])}>
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
      {state.given && (
        <button
          type="button"
          className={styles.control}
          onClick={openSettings}
          aria-label={t('control')}
          title={t('control')}
          data-consent-control
        >
          <Cookie size={22} strokeWidth={1.75} aria-hidden="true" />
        </button>
      )}
      {settingsOpen && (
        // Its chunk gone (a new deployment): the page reloads once, then shows the error view.
        <ErrorBoundary>
          <Suspense fallback={null}>
            <ConsentSettings saved={saved} gpc={gpc} onDecide={decide} onClose={closeSettings} />
          </Suspense>
        </ErrorBoundary>
      )}
    </>
  );
}
