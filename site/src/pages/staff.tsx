import { graphql, type PageProps } from 'gatsby';
import React from 'react';
import { Layout } from '../components/layout/Layout';
import { pageHead } from '../components/page-head';
import type { LocaleData } from '../features/i18n/head';
import { StaffPage } from '../features/staff/StaffPage';

/** The sales staff's leads (signed in with Firebase); never indexed. */
export default function Staff({ location }: PageProps<LocaleData>) {
  return (
    <Layout pathname={location.pathname} staff>
      <StaffPage />
    </Layout>
  );
}

export const Head = pageHead('staff:meta.title', 'staff:meta.description', { noindex: true });

export const query = graphql`
  query StaffPage($language: String!) {
    locales: allLocale(filter: { language: { eq: $language }, ns: { in: ["common", "staff", "contact", "consent"] } }) {
      ...LocaleNodes
    }
  }
`;
