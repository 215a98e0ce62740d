import { graphql, useStaticQuery } from 'gatsby';

/**
 * How many countries the audiences cover, from the API at build time: the copy quotes it ({{countries}}) instead of a number of its own.
 */
export function useCountryCount(): number {
  return useStaticQuery<{ segmentiaCoverage: { countries: number } }>(graphql`
    query CountryCount {
      segmentiaCoverage {
        countries
      }
    }
  `).segmentiaCoverage.countries;
}
