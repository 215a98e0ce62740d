import type { GatsbyBrowser } from 'gatsby';
import React from 'react';
import { PageTransition } from './src/components/layout/PageTransition';

export const wrapPageElement: GatsbyBrowser['wrapPageElement'] = ({ element, props }) => (
  <PageTransition pathname={props.location.pathname}>{element}</PageTransition>
);
