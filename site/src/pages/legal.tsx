import { graphql } from 'gatsby';
import { legalRoute } from '../components/legal-page-route';

const { Page, Head } = legalRoute('legal');
export default Page;
export { Head };

export const query = graphql`
  query LegalPage($language: String!) {
    privacyFacts: segmentiaPrivacy {
      ...PrivacyFacts
    }
    locales: allLocale(filter: { language: { eq: $language }, ns: { in: ["common", "legal", "consent"] } }) {
      ...LocaleNodes
    }
  }
`;
