/**
 * The API's GraphQL IDE: GraphiQL with its explorer plugin, bundled by
 * build.mts into static files the API serves (no CDN, no font host, no inline
 * script). The page's root element says how to find the schema: by
 * introspection (development), or from the committed schema file (production
 * with GRAPHQL_IDE=true, where introspection stays off).
 *
 * Opened from the staff page (…/graphql#staff), every operation asks the
 * staff page for its session's ID token (postMessage, answered only to the
 * window it opened) and sends it as a bearer token: the token lives in this
 * page's memory for one request, never in the headers editor or storage.
 */
import { explorerPlugin } from '@graphiql/plugin-explorer';
import type { FetcherOpts, FetcherParams, SyncExecutionResult } from '@graphiql/toolkit';
import { GraphiQL } from 'graphiql';
import { buildSchema, type GraphQLSchema } from 'graphql';
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { PUBLIC_EXAMPLES, STAFF_EXAMPLES } from './examples';
import { STAFF_TOKEN_ANSWER, STAFF_TOKEN_REQUEST } from '@segmentia/contracts/graphql-ide';
import 'graphiql/style.css';
import '@graphiql/plugin-explorer/style.css';
import './ide.css';

const root = document.getElementById('graphiql')!;
const endpoint = root.dataset.endpoint ?? '/graphql';
const schemaUrl = root.dataset.schemaUrl;
const siteOrigins = (root.dataset.siteOrigins ?? '').split(',').filter(Boolean);
const fromStaffPage = location.hash === '#staff' && Boolean(window.opener);
const explorer = explorerPlugin();

/** The staff page's current ID token, or undefined when it is closed, signed out or does not answer within 5 s. */
function staffToken(): Promise<string | undefined> {
  const opener = window.opener as Window | null;
  if (!opener || opener.closed) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const id = crypto.randomUUID();
    const done = (token?: string) => {
      clearTimeout(timer);
      window.removeEventListener('message', onMessage);
      resolve(token);
    };
    const onMessage = (event: MessageEvent<{ type?: string; id?: string; token?: unknown }>) => {
      if (event.source !== opener || !siteOrigins.includes(event.origin)) return;
      if (event.data?.type !== STAFF_TOKEN_ANSWER || event.data.id !== id) return;
      done(typeof event.data.token === 'string' ? event.data.token : undefined);
    };
    const timer = setTimeout(done, 5000);
    window.addEventListener('message', onMessage);
    // Only the opener whose origin is one of the site's receives it (postMessage drops the others).
    for (const origin of siteOrigins) opener.postMessage({ type: STAFF_TOKEN_REQUEST, id }, origin);
  });
}

async function fetcher(params: FetcherParams, options?: FetcherOpts): Promise<SyncExecutionResult> {
  const token = fromStaffPage ? await staffToken() : undefined;
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/graphql-response+json, application/json',
      ...(options?.headers as Record<string, string> | undefined),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(params),
  });
  return (await response.json()) as SyncExecutionResult;
}

function Ide() {
  // undefined: introspect; null: still loading the committed schema.
  const [schema, setSchema] = useState<GraphQLSchema | null | undefined>(schemaUrl ? null : undefined);
  const [problem, setProblem] = useState<string>();
  useEffect(() => {
    if (!schemaUrl) return;
    fetch(schemaUrl)
      .then((response) => (response.ok ? response.text() : Promise.reject(new Error(`${response.status} ${response.statusText}`))))
      .then((text) => setSchema(buildSchema(text)))
      .catch((error: Error) => setProblem(`The schema could not be loaded (${error.message}).`));
  }, []);
  if (problem) return <p role="alert">{problem}</p>;
  if (schema === null) return <p>Loading the schema…</p>;
  const examples = fromStaffPage ? [...STAFF_EXAMPLES, ...PUBLIC_EXAMPLES] : PUBLIC_EXAMPLES;
  return (
    <GraphiQL
      fetcher={fetcher}
      schema={schema}
      plugins={[explorer]}
      defaultTabs={examples}
      // GraphiQL fills the first tab's variables editor from this prop only.
      variables={examples[0]?.variables}
      defaultEditorToolsVisibility="variables"
      shouldPersistHeaders={false}
    >
      <GraphiQL.Logo>{fromStaffPage ? 'Segmentia GraphQL · staff session' : 'Segmentia GraphQL'}</GraphiQL.Logo>
    </GraphiQL>
  );
}

createRoot(root).render(
  <StrictMode>
    <Ide />
  </StrictMode>,
);
