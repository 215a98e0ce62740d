import type { GatsbySSR } from 'gatsby';
import React from 'react';
import { PageTransition } from './src/components/layout/PageTransition';

export const wrapPageElement: GatsbySSR['wrapPageElement'] = ({ element, props }) => (
  <PageTransition pathname={props.location.pathname}>{element}</PageTransition>
);
