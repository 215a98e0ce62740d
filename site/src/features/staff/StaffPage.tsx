import { useTranslation } from 'gatsby-plugin-react-i18next';
import { KeyRound, RotateCcw } from 'lucide-react';
import React, { type ReactNode } from 'react';
import { LeadsWorkspace } from './LeadsWorkspace';
import { PrivacyCenterPanel } from './PrivacyCenterPanel';
import { SignInForm } from './SignInForm';
import { SIGN_IN_CONFIGURED, useStaffSession } from './use-staff-session';
import * as styles from './Staff.module.css';

/** The staff page: sign-in, then the leads. Rendered on the server as the sign-in form, busy while the session is checked. */
export function StaffPage() {
  const { t } = useTranslation('staff');
  const { session, auth, endSession } = useStaffSession();

  if (!SIGN_IN_CONFIGURED) {
    return (
      <Shell>
        <section className={`card ${styles.card} ${styles.narrow}`} aria-labelledby="staff-title">
          <KeyRound size={32} strokeWidth={1.75} aria-hidden="true" className={styles.icon} />
          <h1 id="staff-title">{t('notConfigured.title')}</h1>
          <p>{t('notConfigured.text')}</p>
        </section>
      </Shell>
    );
  }

  const notice = session.kind === 'signedOut' && session.notice;
  return (
    <Shell>
      {/* Present from the first render, so that the end of a session is announced. */}
      <div aria-live="polite" className={styles.notices}>
        {notice && <p className={notice === 'signedOut' ? styles.notice : styles.warning}>{t(`notices.${notice}`)}</p>}
      </div>
      {session.kind === 'signedIn' && (
        <>
          <LeadsWorkspace email={session.email} onSessionEnd={endSession} />
          <PrivacyCenterPanel onSessionEnd={endSession} />
        </>
      )}
      {/* One element from the first render to sign-in: what was typed meanwhile stays. */}
      {(session.kind === 'starting' || (session.kind === 'signedOut' && auth)) && (
        <SignInForm auth={session.kind === 'signedOut' ? auth : null} />
      )}
      {session.kind === 'unavailable' && (
        <section className={`card ${styles.card} ${styles.narrow}`} aria-labelledby="staff-title">
          <h1 id="staff-title">{t('signIn.title')}</h1>
          <p role="alert">{t('unavailable')}</p>
          <button type="button" className="button button--secondary" onClick={() => window.location.reload()}>
            <RotateCcw size={18} strokeWidth={1.75} aria-hidden="true" />
            {t('reload')}
          </button>
        </section>
      )}
    </Shell>
  );
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <div className={styles.page}>
      <div className="container">{children}</div>
    </div>
  );
}
