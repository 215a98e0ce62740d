import type { GatsbySSR } from 'gatsby';
import React from 'react';
import { PageTransition } from './src/components/layout/PageTransition';
import { CONSENT_MODE_SNIPPET } from './src/features/consent/consent-mode';

export const wrapPageElement: GatsbySSR['wrapPageElement'] = ({ element, props }) => (
  <PageTransition pathname={props.location.pathname}>{element}</PageTransition>
);

/** Consent Mode v2 defaults (all denied) come first in <head>, before any script that could run a tag. */
export const onPreRenderHTML: GatsbySSR['onPreRenderHTML'] = ({ getHeadComponents, replaceHeadComponents }) => {
  replaceHeadComponents([
    <script key="consent-mode-defaults" dangerouslySetInnerHTML={{ __html: CONSENT_MODE_SNIPPET }} />,
    ...getHeadComponents(),
  ]);
};
