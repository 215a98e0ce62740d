import { graphql } from 'gatsby';
import React from 'react';
import { legalRoute } from '../components/legal-page-route';
import { PrivacyCenterLink } from '../features/privacy-center/PrivacyCenterLink';

const { Page, Head } = legalRoute('privacy', <PrivacyCenterLink />);
export default Page;
export { Head };

export const query = graphql`
  query PrivacyPage($language: String!) {
    privacyFacts: segmentiaPrivacy {
      ...PrivacyFacts
    }
    locales: allLocale(filter: { language: { eq: $language }, ns: { in: ["common", "privacy", "consent", "privacy-center"] } }) {
      ...LocaleNodes
    }
  }
`;
