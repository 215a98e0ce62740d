/**
 * The staff page once signed in: the leads and the privacy centre, through the staff page's Apollo Client. A chunk
 * of its own (StaffPage loads it), so that Apollo Client is in no page's initial JavaScript.
 */
import { ApolloProvider } from '@apollo/client/react';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import { LogOut, ShieldAlert } from 'lucide-react';
import React, { useState } from 'react';
import { LeadsWorkspace } from './LeadsWorkspace';
import { PrivacyCenterPanel } from './PrivacyCenterPanel';
import { type Blocker, blocksAccount, endsSession } from './problems';
import { createStaffClient } from './staff-client';
import { endSession } from './use-staff-session';
import * as shared from './Staff.module.css';

export default function StaffWorkspace({ email }: { email: string }) {
  const [blocked, setBlocked] = useState<Blocker | null>(null);
  // Every operation's session that ended, or account without access, is handled here; the other problems where the operation was made.
  const [client] = useState(() =>
    createStaffClient((problem) => {
      if (endsSession(problem)) endSession(problem);
      else if (blocksAccount(problem)) setBlocked(problem);
    }),
  );

  if (blocked) return <Blocked blocker={blocked} email={email} />;
  return (
    <ApolloProvider client={client}>
      <LeadsWorkspace email={email} />
      <PrivacyCenterPanel />
    </ApolloProvider>
  );
}

/** An account that may not see the leads: why, and its way out. */
function Blocked({ blocker, email }: { blocker: Blocker; email: string }) {
  const { t } = useTranslation('staff');
  return (
    <section className={`${shared.card} ${shared.narrow}`} aria-labelledby="staff-title" role="alert">
      <ShieldAlert size={32} strokeWidth={1.75} aria-hidden="true" className={shared.icon} />
      <h1 id="staff-title">{t(`blocked.${blocker}.title`)}</h1>
      <p>{t(`blocked.${blocker}.text`, { email })}</p>
      <button type="button" className="button button--primary" onClick={() => endSession('signedOut')}>
        <LogOut size={18} strokeWidth={1.75} aria-hidden="true" />
        {t('account.signOut')}
      </button>
    </section>
  );
}
