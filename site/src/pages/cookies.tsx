import { graphql } from 'gatsby';
import React from 'react';
import { legalRoute } from '../components/legal-page-route';
import { CookieTable } from '../features/consent/CookieTable';
import { PrivacyCenterLink } from '../features/privacy-center/PrivacyCenterLink';

const { Page, Head } = legalRoute(
  'cookies',
  <>
    <CookieTable />
    <PrivacyCenterLink />
  </>,
);
export default Page;
export { Head };

export const query = graphql`
  query CookiesPage($language: String!) {
    privacyFacts: segmentiaPrivacy {
      ...PrivacyFacts
    }
    locales: allLocale(filter: { language: { eq: $language }, ns: { in: ["common", "cookies", "consent", "privacy-center"] } }) {
      ...LocaleNodes
    }
  }
`;
