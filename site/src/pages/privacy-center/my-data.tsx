import { graphql, type PageProps } from 'gatsby';
import React from 'react';
import { Layout } from '../../components/layout/Layout';
import { pageHead } from '../../components/page-head';
import type { LocaleData } from '../../features/i18n/head';
import { MyDataPage } from '../../features/my-data/MyDataPage';

/**
 * The page the privacy centre's emailed link opens (its token in the #fragment); never indexed, not in the sitemap.
 * Untagged: it shows a person's requests and holds the link's token, so its document runs no consent tool or tag.
 */
export default function MyData({ location }: PageProps<LocaleData>) {
  return (
    <Layout pathname={location.pathname} untagged>
      <MyDataPage />
    </Layout>
  );
}

export const Head = pageHead('my-data:meta.title', 'my-data:meta.description', { noindex: true });

export const query = graphql`
  query MyDataPage($language: String!) {
    locales: allLocale(filter: { language: { eq: $language }, ns: { in: ["common", "consent", "contact", "staff", "my-data"] } }) {
      ...LocaleNodes
    }
  }
`;
