import { useTranslation } from 'gatsby-plugin-react-i18next';
import { KeyRound } from 'lucide-react';
import React, { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { LoadingMessage } from '../../components/LoadingMessage';
import { RetryMessage } from '../../components/RetryMessage';
import { SignInForm } from './SignInForm';
import { SIGN_IN_CONFIGURED, useStaffSession } from './use-staff-session';
import * as styles from './Staff.module.css';
// The dialogs' rules, which the lead's details compose, in the page's first stylesheets before the staff page's own:
// loaded with the signed-in chunk instead, they would come after them and override them.
import '../../styles/dialogs.module.css';

/** The page once signed in, with Apollo Client: a chunk of its own, asked for as the page starts and shown once someone has signed in. */
const loadWorkspace = () => import(/* webpackChunkName: "staff-workspace" */ './StaffWorkspace');
const StaffWorkspace = lazy(() => loadWorkspace().catch(() => ({ default: Unavailable })));

/** The staff page: sign-in, then the leads. Rendered on the server as the sign-in form, busy while the session is checked. */
export function StaffPage() {
  const { t } = useTranslation('staff');
  const { session, auth } = useStaffSession();
  // While Firebase Auth restores the session: the signed-in page is then ready when it is needed.
  useEffect(() => {
    if (SIGN_IN_CONFIGURED) loadWorkspace().catch(() => undefined);
  }, []);

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
        <Suspense fallback={<LoadingMessage>{t('list.loading')}</LoadingMessage>}>
          <StaffWorkspace key={session.email} email={session.email} />
        </Suspense>
      )}
      {/* One element from the first render to sign-in: what was typed meanwhile stays. */}
      {(session.kind === 'starting' || (session.kind === 'signedOut' && auth)) && (
        <SignInForm auth={session.kind === 'signedOut' ? auth : null} />
      )}
      {session.kind === 'unavailable' && <Unavailable />}
    </Shell>
  );
}

/** Firebase Auth's code or the signed-in page's could not be loaded. */
function Unavailable() {
  const { t } = useTranslation('staff');
  return (
    <RetryMessage as="section" className={`card ${styles.card} ${styles.narrow}`} aria-labelledby="staff-title" action={t('reload')}>
      <h1 id="staff-title">{t('signIn.title')}</h1>
      <p>{t('unavailable')}</p>
    </RetryMessage>
  );
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <div className={styles.page}>
      <div className="container">{children}</div>
    </div>
  );
}
