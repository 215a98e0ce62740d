/** The IDE's first tabs: one per thing a visitor's page or a salesperson asks the API. */
export interface ExampleTab {
  query: string;
  variables?: string;
}

const json = (value: object) => JSON.stringify(value, null, 2);

/** What the site asks: the explorer's audiences and search, and the contact form's proof and request. */
export const PUBLIC_EXAMPLES: ExampleTab[] = [
  {
    query: `# The explorer: a country's audiences of one topic, with their reach, in a language.
query Audiences($country: String!, $topic: String!, $locale: Locale!) {
  audiences(country: $country, topic: $topic, locale: $locale) {
    id
    interest
    segmentId
    taxonomyPath
    audienceSize
  }
}`,
    variables: json({ country: 'ES', topic: 'automotive', locale: 'ES' }),
  },
  {
    query: `# The explorer's search: a country's audiences across topics, by name, near misses too.
query Search($country: String!, $text: String!, $locale: Locale!) {
  searchAudiences(country: $country, text: $text, locale: $locale, first: 10) {
    id
    interest
    topic
    audienceSize
  }
}`,
    variables: json({ country: 'DE', text: 'reisen', locale: 'DE' }),
  },
  {
    query: `# The contact form's proof of work: an ALTCHA challenge the browser solves before sending.
query Challenge {
  contactChallenge
}`,
  },
  {
    query: `# The contact form: a request for demo access. "altcha" is the solved challenge (base64 JSON);
# the form's widget makes it, so sent from here it is refused with the field code altchaMissing/altchaInvalid.
mutation Contact($input: ContactRequestInput!) {
  submitContactRequest(input: $input) {
    id
    receivedAt
  }
}`,
    variables: json({
      input: {
        requestId: '00000000-0000-4000-8000-000000000000',
        contactName: 'Ana García',
        agencyName: 'Agencia Norte',
        email: 'ana@agencianorte.es',
        phone: '+34 600 000 000',
        agencyType: 'MEDIA',
        agencySize: 'FROM_2M_TO_5M',
        advertiserCount: 'FROM_10_TO_25',
        position: 'DIRECTOR',
        decisionRole: 'DECIDE',
        interest: 'SOLUTIONS',
        locale: 'ES',
        acceptTerms: true,
        altcha: '',
      },
    }),
  },
];

/** What the staff page asks, for a signed-in salesperson (the IDE opened from the staff page sends her token). */
export const STAFF_EXAMPLES: ExampleTab[] = [
  {
    query: `# The newest leads, as the staff page lists them (signed in as sales staff).
query Leads($filter: LeadsFilter) {
  leads(first: 20, filter: $filter, orderBy: NEWEST) {
    totalCount
    edges {
      node {
        id
        receivedAt
        contactName
        agencyName
        email
        status
        fitScore
        source
      }
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
}`,
    variables: json({ filter: { status: 'NEW' } }),
  },
  {
    query: `# One lead, whole: put the id of a lead from the list.
query Lead($id: ID!) {
  lead(id: $id) {
    id
    receivedAt
    contactName
    agencyName
    email
    phone
    message
    status
    fitScore
    fitReasons {
      rule
      points
      maxPoints
    }
    requestedAudiences {
      segmentId
    }
  }
}`,
    variables: json({ id: '' }),
  },
  {
    query: `# The overview: 12 weeks by status, the top sources, interests and countries.
query Insights($filter: LeadsFilter) {
  leadInsights(filter: $filter) {
    total
    weeks {
      weekStart
      total
    }
    sources {
      value
      count
    }
    countries {
      value
      count
    }
  }
}`,
    variables: json({ filter: { minFitScore: 60 } }),
  },
  {
    query: `# The list as CSV, as the staff page downloads it.
query Csv($filter: LeadsFilter) {
  leadsCsv(filter: $filter, separator: SEMICOLON)
}`,
    variables: json({ filter: { status: 'QUALIFIED' } }),
  },
];
