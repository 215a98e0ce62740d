import { STAFF_TOKEN_ANSWER, STAFF_TOKEN_REQUEST, type StaffTokenRequest } from '@segmentia/contracts/graphql-ide';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import { Braces } from 'lucide-react';
import React, { type MouseEvent, useEffect, useRef } from 'react';
import { GRAPHQL_IDE_URL } from '../../config/site';

const IDE_WINDOW = 'segmentia-graphql';

/** The session's ID token (Firebase renews it shortly before it expires), or undefined when signed out. */
const currentToken = () =>
  import(/* webpackChunkName: "staff-session" */ './session').then(
    (session) => session.idToken(),
    () => undefined,
  );

/**
 * "Query leads in GraphQL": opens the API's GraphQL IDE, which asks this page
 * for the session's token before each operation. The page answers only the
 * window it opened, at the IDE's origin; the token is never put in a URL or
 * in storage, and stops coming when the page signs out or closes.
 */
export function QueryInGraphql({ ideUrl = GRAPHQL_IDE_URL }: { ideUrl?: string }) {
  const { t } = useTranslation('staff');
  const ide = useRef<Window | null>(null);

  useEffect(() => {
    if (!ideUrl) return;
    const ideOrigin = new URL(ideUrl).origin;
    const onMessage = (event: MessageEvent<Partial<StaffTokenRequest>>) => {
      const { data, origin, source } = event;
      if (origin !== ideOrigin || !ide.current || source !== ide.current) return;
      if (data?.type !== STAFF_TOKEN_REQUEST || typeof data.id !== 'string') return;
      const id = data.id;
      void currentToken()
        .catch(() => undefined)
        .then((token) => ide.current?.postMessage({ type: STAFF_TOKEN_ANSWER, id, token }, ideOrigin));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [ideUrl]);

  if (!ideUrl) return null;
  const href = `${ideUrl}#staff`;
  const open = (event: MouseEvent) => {
    event.preventDefault();
    // With its opener: the IDE asks this page for the token through it.
    ide.current = window.open(href, IDE_WINDOW);
  };
  return (
    <a href={href} target={IDE_WINDOW} className="button button--secondary" onClick={open}>
      <Braces size={18} strokeWidth={1.75} aria-hidden="true" />
      {t('account.graphql')}
    </a>
  );
}
