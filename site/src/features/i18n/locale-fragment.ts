import { graphql } from 'gatsby';

/**
 * The translations a page's query asks for (`locales: allLocale(filter: …) { ...LocaleNodes }`), in the shape
 * gatsby-plugin-react-i18next reads. Gatsby finds fragments in any source file.
 */
export const localeNodesFragment = graphql`
  fragment LocaleNodes on LocaleConnection {
    edges {
      node {
        ns
        data
        language
      }
    }
  }
`;
