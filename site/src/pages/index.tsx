import { graphql, type HeadProps, type PageProps } from 'gatsby';
import React from 'react';
import { Categories } from '../components/home/Categories';
import { Contact } from '../components/home/Contact';
import { CountryLinks } from '../components/home/CoverageMap';
import { GeoAudiences } from '../components/home/GeoAudiences';
import { Hero } from '../components/home/Hero';
import { Omnichannel } from '../components/home/Omnichannel';
import '../components/home/section-heights.css';
import type { CountryData, Coverage, MapAreaData, TopicData } from '../components/home/types';
import { Layout } from '../components/layout/Layout';
import { PageMetadata } from '../components/PageMetadata';
import { COMPANY, postalAddressOf, vatIdOf } from '../config/company';
import { Explorer } from '../features/explorer/Explorer';
import { contactForm, explorerPanel } from '../features/lazy/home-chunks';
import { BRAND, HOME_TITLE, LINKEDIN_URL, SITE_URL } from '../config/site';
import { headTranslator, type LocaleData } from '../features/i18n/head';
import { LOCALES, localizedPath } from '@segmentia/contracts/locales';
import { HydrateWhenNear } from '../features/lazy/hydrate-when-near';
import type { I18nPageContext } from '../features/i18n/page-context';

interface Data extends LocaleData {
  coverage: Coverage;
  countries: { nodes: CountryData[] };
  topics: { nodes: TopicData[] };
  areas: { nodes: MapAreaData[] };
}

/** A link with a selection (?country=…&topic=…, ?q=…) was opened for the explorer's answer. */
const explorerLinked = () => /[?&](country|topic|q)=/.test(window.location.search);

/**
 * The explorer and the form hydrate when the visitor nears them, once their chunks have loaded (docs/site.md,
 * "Hydration"); the other sections with the page. The map's country links are drawn over it once the scripts run.
 */
export default function HomePage({ data, location }: PageProps<Data>) {
  return (
    <Layout pathname={location.pathname}>
      <Hero coverage={data.coverage} />
      <GeoAudiences coverage={data.coverage} />
      <CountryLinks countries={data.countries.nodes} areas={data.areas.nodes} />
      <HydrateWhenNear id="explorer" now={explorerLinked} needs={explorerPanel.load}>
        <Explorer countries={data.countries.nodes} topics={data.topics.nodes} />
      </HydrateWhenNear>
      <Categories topics={data.topics.nodes} />
      <Omnichannel />
      <HydrateWhenNear id="contact" needs={contactForm.load}>
        <Contact />
      </HydrateWhenNear>
    </Layout>
  );
}

export function Head({ data, pageContext }: HeadProps<Data, I18nPageContext>) {
  const t = headTranslator(data, pageContext.language);
  return (
    <PageMetadata
      language={pageContext.language}
      originalPath={pageContext.i18n.originalPath}
      title={HOME_TITLE}
      description={t('home:meta.description', { countries: data.coverage.countries })}
      imageAlt={t('home:meta.og.alt', { countries: data.coverage.countries })}
      jsonLd={{
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: BRAND,
        legalName: COMPANY.companyName,
        // None until the company confirms its ROI registration (GATSBY_COMPANY_VAT_ID).
        vatID: vatIdOf(COMPANY) || undefined,
        taxID: COMPANY.taxId,
        address: postalAddressOf(COMPANY.address),
        email: COMPANY.email,
        contactPoint: {
          '@type': 'ContactPoint',
          contactType: 'sales',
          email: COMPANY.email,
          url: `${SITE_URL}${localizedPath(pageContext.language, '/')}#contact`,
          availableLanguage: LOCALES.map((locale) => locale.tag),
        },
        url: SITE_URL,
        logo: `${SITE_URL}/favicon.svg`,
        sameAs: [LINKEDIN_URL],
        description: t('home:meta.description', { countries: data.coverage.countries }),
        areaServed: 'EMEA',
      }}
    />
  );
}

export const query = graphql`
  query HomePage($language: String!) {
    locales: allLocale(filter: { language: { eq: $language }, ns: { in: ["common", "home", "explorer", "contact", "consent"] } }) {
      ...LocaleNodes
    }
    coverage: segmentiaCoverage {
      countries
      topics
      audiences
      audiencesText(language: $language)
      onlineUsers
    }
    countries: allSegmentiaCountry(filter: { language: { eq: $language } }) {
      nodes {
        code
        name
      }
    }
    areas: allSegmentiaMapArea {
      nodes {
        code
        points
      }
    }
    topics: allSegmentiaTopic(filter: { language: { eq: $language } }, sort: { position: ASC }) {
      nodes {
        slug
        name
        description
        icon
      }
    }
  }
`;
