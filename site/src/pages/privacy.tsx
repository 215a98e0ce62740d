import { graphql } from 'gatsby';
import { legalRoute } from '../components/legal-page-route';

const { Page, Head } = legalRoute('privacy');
export default Page;
export { Head };

export const query = graphql`
  query PrivacyPage($language: String!) {
    privacyFacts: segmentiaPrivacy {
      ...PrivacyFacts
    }
    locales: allLocale(filter: { language: { eq: $language }, ns: { in: ["common", "privacy", "consent"] } }) {
      ...LocaleNodes
    }
  }
`;
