import { graphql } from 'gatsby';
import { legalRoute } from '../components/legal-page-route';

const { Page, Head } = legalRoute('cookies');
export default Page;
export { Head };

export const query = graphql`
  query CookiesPage($language: String!) {
    locales: allLocale(filter: { language: { eq: $language }, ns: { in: ["common", "cookies"] } }) {
      edges {
        node {
          ns
          data
          language
        }
      }
    }
  }
`;
