import { useTranslation } from 'gatsby-plugin-react-i18next';
import { AlertCircle, CheckCircle2, Trash2 } from 'lucide-react';
import React, { useEffect, useId, useRef, useState } from 'react';
import type { MyRequestDataQuery } from '../api/generated';
import { useLocale } from '../i18n/use-locale';
import { MyObjections } from './MyObjections';
import { RequestDataLink } from './RequestDataLink';
import { type MyRequest, RequestDetails, useDateFormat } from './RequestDetails';
import { forgetToken, takeToken } from './token';
import * as styles from './MyData.module.css';

type Data = MyRequestDataQuery['myRequestData'];
/** Why the link does not open the data: the API's extensions.reason. */
type Refusal = 'noLink' | 'linkInvalid' | 'linkExpired' | 'linkUsed';
type State =
  | { kind: 'loading' }
  | { kind: 'refused'; reason: Refusal }
  | { kind: 'failed' }
  | { kind: 'shown'; data: Data }
  | { kind: 'erased'; erasure: Erasure };

/** What the erasure removed, and when. */
interface Erasure {
  count: number;
  objections: number;
  erasedAt: string;
}

const REFUSALS: Refusal[] = ['linkInvalid', 'linkExpired', 'linkUsed'];
const TOKEN_FRAGMENT = /(?:^#|&)token=/;

// Taken as soon as the page's code runs, before any tag that consent allows could read the address bar.
let initialToken: string | null | undefined;
if (typeof window !== 'undefined' && /\/privacy-center\/my-data\/$/.test(window.location.pathname)) {
  initialToken = takeToken(window.location, window.history, window.sessionStorage);
}

/**
 * The page the emailed link opens (`/privacy-center/my-data/#token=…`): what Segmentia holds about the requests of
 * that address, and their erasure behind a confirmation. A link that does not open (none, expired, used, unknown)
 * says why, and offers to ask for another.
 */
export function MyDataPage() {
  const { t } = useTranslation('my-data');
  const { locale } = useLocale();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const token = useRef<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    token.current = initialToken !== undefined ? initialToken : takeToken(window.location, window.history, window.sessionStorage);
    initialToken = undefined;
    if (!token.current) return setState({ kind: 'refused', reason: 'noLink' });
    let current = true;
    void (async () => {
      const api = await import('../api/client');
      try {
        const data = await api.fetchMyRequestData(token.current!, locale.api);
        if (current) setState({ kind: 'shown', data });
      } catch (error) {
        const { reason } = api.describeFailure(error);
        if (!current) return;
        if (REFUSALS.includes(reason as Refusal)) return refuse(reason as Refusal);
        setState({ kind: 'failed' });
      }
    })();
    return () => {
      current = false;
    };
    // The page's language is fixed for its life: another language is another page.
  }, [locale.api]);

  /** The link stopped working while the page was open (it expired): said, and the tab forgets it. */
  const refuse = (reason: Refusal) => {
    forgetToken(window.sessionStorage);
    setState({ kind: 'refused', reason });
  };
  // Another link opened in this tab while the page shows (only the fragment changes: no new document): start over with it.
  useEffect(() => {
    const onLink = () => TOKEN_FRAGMENT.test(window.location.hash) && window.location.reload();
    window.addEventListener('hashchange', onLink);
    return () => window.removeEventListener('hashchange', onLink);
  }, []);
  const onErased = (erasure: Erasure) => {
    forgetToken(window.sessionStorage);
    setState({ kind: 'erased', erasure });
  };
  useEffect(() => {
    if (state.kind === 'erased') heading.current?.focus();
  }, [state.kind]);

  return (
    <div className={`container ${styles.page}`}>
      <div>
        <p className="eyebrow">{t('eyebrow')}</p>
        <h1 ref={heading} tabIndex={-1}>
          {state.kind === 'erased' ? t('erase.doneTitle') : t('title')}
        </h1>
      </div>
      {state.kind === 'loading' && (
        <p role="status" className={styles.status}>
          <span className="spinner" aria-hidden="true" /> {t('page.loading')}
        </p>
      )}
      {state.kind === 'failed' && (
        <div className={styles.failure} role="alert">
          <AlertCircle size={20} strokeWidth={1.75} aria-hidden="true" />
          <p>{t('page.failed')}</p>
        </div>
      )}
      {state.kind === 'refused' && (
        <>
          <div
            className={state.reason === 'noLink' ? styles.notice : styles.failure}
            role={state.reason === 'noLink' ? undefined : 'alert'}
          >
            <AlertCircle size={20} strokeWidth={1.75} aria-hidden="true" />
            <p>{t(`page.refused.${state.reason}`)}</p>
          </div>
          <RequestDataLink asking />
        </>
      )}
      {state.kind === 'shown' && (
        <Shown data={state.data} token={token.current!} onErased={onErased} onRefused={(reason) => refuse(reason)} />
      )}
      {state.kind === 'erased' && (
        <div className={styles.done} role="status">
          <CheckCircle2 size={32} strokeWidth={1.75} aria-hidden="true" />
          <ErasedText {...state.erasure} />
        </div>
      )}
    </div>
  );
}

function ErasedText({ count, objections, erasedAt }: Erasure) {
  const { t } = useTranslation('my-data');
  const date = useDateFormat();
  if (!count) return <p>{t('erase.doneObjectionsOnly', { count: objections, date: date(erasedAt) })}</p>;
  return (
    <p>
      {t('erase.done', { count, date: date(erasedAt) })}
      {objections > 0 && ` ${t('erase.doneObjections', { count: objections })}`}
    </p>
  );
}

/** The data, request by request, and the erasure. */
interface Actions {
  onErased: (erasure: Erasure) => void;
  onRefused: (reason: Refusal) => void;
}

function Shown({ data, token, ...actions }: { data: Data; token: string } & Actions) {
  const { t } = useTranslation('my-data');
  const date = useDateFormat();
  const id = useId();
  return (
    <>
      <p className="lead">{t('page.lead', { email: data.email, time: date(data.expiresAt) })}</p>
      {data.requests.length ? (
        data.requests.map((request: MyRequest, index) => <RequestDetails key={request.id} request={request} headingId={`${id}-${index}`} />)
      ) : (
        <p className={styles.notice}>{t('page.none')}</p>
      )}
      <MyObjections objections={data.objections} />
      {data.requests.length + data.objections.length > 0 && (
        <EraseMyData token={token} count={data.requests.length} objections={data.objections.length} {...actions} />
      )}
    </>
  );
}

/** "Erase my data", then a confirmation that says what goes and that it cannot be undone; keyboard focus follows each step. */
function EraseMyData({ token, count, objections, onErased, onRefused }: { token: string; count: number; objections: number } & Actions) {
  const { t } = useTranslation('my-data');
  const [step, setStep] = useState<'ready' | 'confirming' | 'erasing' | 'failed'>('ready');
  const eraseButton = useRef<HTMLButtonElement>(null);
  const question = useRef<HTMLParagraphElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    if (step === 'confirming') question.current?.focus();
    if (step === 'ready' && moved.current) eraseButton.current?.focus();
  }, [step]);

  const erase = async () => {
    setStep('erasing');
    const api = await import('../api/client');
    try {
      onErased(await api.eraseMyRequestData(token));
    } catch (error) {
      const { reason } = api.describeFailure(error);
      if (REFUSALS.includes(reason as Refusal)) return onRefused(reason as Refusal);
      setStep('failed');
    }
  };

  return (
    <section className={styles.erase} aria-labelledby="my-data-erase">
      <h2 id="my-data-erase">{t('erase.title')}</h2>
      <p>{t('erase.lead')}</p>
      {step === 'ready' || step === 'failed' ? (
        <>
          {step === 'failed' && (
            <div className={styles.failure} role="alert">
              <AlertCircle size={20} strokeWidth={1.75} aria-hidden="true" />
              <p>{t('erase.failed')}</p>
            </div>
          )}
          <button ref={eraseButton} type="button" className={`button ${styles.danger}`} onClick={() => setStep('confirming')}>
            <Trash2 size={18} strokeWidth={1.75} aria-hidden="true" />
            {t('erase.button')}
          </button>
        </>
      ) : (
        <div className={styles.confirm} role="group" aria-labelledby="my-data-erase-question">
          <p id="my-data-erase-question" ref={question} tabIndex={-1}>
            <strong>{count ? t('erase.confirm', { count }) : t('erase.confirmObjectionsOnly', { count: objections })}</strong>
            {count > 0 && objections > 0 && ` ${t('erase.confirmObjections', { count: objections })}`}
          </p>
          <div className={styles.actions}>
            <button type="button" className={`button ${styles.danger}`} onClick={erase} disabled={step === 'erasing'}>
              <Trash2 size={18} strokeWidth={1.75} aria-hidden="true" />
              {step === 'erasing' ? t('erase.erasing') : t('erase.yes')}
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={step === 'erasing'}
              onClick={() => {
                moved.current = true;
                setStep('ready');
              }}
            >
              {t('erase.cancel')}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
