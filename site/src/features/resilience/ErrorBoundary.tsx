import { useTranslation } from 'gatsby-plugin-react-i18next';
import { TriangleAlert } from 'lucide-react';
import React, { Component, type ErrorInfo, type ReactNode } from 'react';
import { RetryMessage } from '../../components/RetryMessage';
import { CRAWLER_AGENT } from '../i18n/language-redirect';
import { isChunkLoadError, mayReload } from './reload-guard';
import * as styles from '../../components/StatusPage.module.css';

interface State {
  failed: boolean;
}

/**
 * An unexpected error while rendering shows the localized error view; a
 * chunk that failed to load reloads the page first (once per 10 s). Crawlers
 * keep the server-rendered content instead of the error view.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };
  /** For crawlers: the page as the server rendered it, read before React touches the DOM. */
  private readonly serverHtml =
    typeof window !== 'undefined' && CRAWLER_AGENT.test(navigator.userAgent)
      ? document.getElementById('main')?.firstElementChild?.innerHTML
      : undefined;

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    if (isChunkLoadError(error) && mayReload(window.location.pathname, sessionStorage, Date.now())) {
      window.location.reload();
      return;
    }
    console.error('Unexpected error', error, info.componentStack);
  }

  override render() {
    if (this.state.failed && this.serverHtml) return <div dangerouslySetInnerHTML={{ __html: this.serverHtml }} />;
    if (this.state.failed) return <ErrorView />;
    return <div>{this.props.children}</div>;
  }
}

function ErrorView() {
  const { t } = useTranslation('common');
  return (
    <RetryMessage as="section" className={`container ${styles.page}`} aria-labelledby="error-title" action={t('errorView.reload')} primary>
      <TriangleAlert size={48} strokeWidth={1.5} aria-hidden="true" className={styles.icon} />
      <p className={styles.code}>500</p>
      <h1 id="error-title">{t('errorView.message')}</h1>
      <p className="lead">{t('errorView.description')}</p>
    </RetryMessage>
  );
}
