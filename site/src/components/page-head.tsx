import type { HeadProps } from 'gatsby';
import React from 'react';
import { headTranslator, type LocaleData } from '../features/i18n/head';
import type { I18nPageContext } from '../features/i18n/page-context';
import { PageMetadata } from './PageMetadata';

/** A page's Head from two translation keys: "<title> | Segmentia" and the description. */
export function pageHead(titleKey: string, descriptionKey: string, options: { noindex?: boolean } = {}) {
  return function Head({ data, pageContext }: HeadProps<LocaleData, I18nPageContext>) {
    const t = headTranslator(data, pageContext.language);
    return (
      <PageMetadata
        language={pageContext.language}
        originalPath={pageContext.i18n.originalPath}
        title={`${t(titleKey)} | ${t('common:brand')}`}
        description={t(descriptionKey)}
        noindex={options.noindex}
      />
    );
  };
}
