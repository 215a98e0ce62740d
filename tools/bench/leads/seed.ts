/**
 * `npm run bench:leads`'s leads: many, fast (one INSERT … SELECT over generate_series per slice, never a row at a
 * time), and varied as a B2B site's would be after two years. A lead's identity (agency, contact, address, company
 * facts) is drawn from a hash of its prospect's number, so a repeat (every tenth lead, of the lead seven before it)
 * carries the same agency and address as its first request and links to it; the rest are drawn at random.
 */
import type { Client } from 'pg';

/** Words agency names are made of: 50 × 50 × 8 distinct agencies, each some fifty leads in a million. */
export const AGENCY_WORDS = (
  'Nova Alta Blue Norte Vista Prisma Delta Orbit Lumen Pixel Fuego Mar Sol Terra Brava Kaiser Nord Stern Licht ' +
  'Berg Rossa Stella Ponte Luce Verde Étoile Rivage Aube Clair Azur Bright Crown Oak Harbor Summit Atlas Vector ' +
  'Signal Quantum Echo Fusion Nexo Raíz Onda Faro Cima Halo Zenit Polar Kobalt'
).split(' ');
export const AGENCY_NOUNS = (
  'Lab Works House Studio Punto Medios Ideas Code Hub Garage Factory Werk Haus Kreativ Atelier Maison Bottega ' +
  'Officina Mente Arrow Spark Wave Bridge Path Loop Frame Field Grid Pulse Shift Tribe Nest Forge Craft Scope ' +
  'Lens Mosaic Canvas Compass Anchor Beacon Circle Cloud Engine Market Motion Orchard Quarry Rocket Tide'
).split(' ');
const AGENCY_KINDS = ['Media', 'Digital', 'Group', 'Partners', 'Agency', 'Comunicación', 'Performance', 'Consulting'];
/** Contacts' names in the five languages, each with the address form of it (no accents). */
export const FIRST_NAMES = (
  'Lucía María Carmen Javier Álvaro Pablo Sofía Marta Diego Elena Jörg Anna Lukas Jonas Sabine Katrin Felix Lena ' +
  'Tobias Julia Giulia Marco Francesca Luca Chiara Matteo Sara Alessandro Élodie Camille Théo Léa Hugo Chloé ' +
  'Louis Manon Olivia James Emma Oliver Amelia Harry Isla Jack Grace Noah Ava Liam Mia Ethan Zoe Daniel Laura ' +
  'Adrián Nuria Iñigo Begoña Søren Ingrid Henrik'
).split(' ');
export const LAST_NAMES = (
  'García Fernández López Martínez Sánchez Pérez Gómez Ruiz Díaz Moreno Muñoz Álvarez Romero Navarro Torres ' +
  'Domínguez Müller Schmidt Schneider Fischer Weber Meyer Wagner Becker Schulz Hoffmann Koch Vogel Rossi Russo ' +
  'Ferrari Esposito Bianchi Romano Colombo Ricci Marino Greco Bruno Gallo Martin Bernard Dubois Thomas Robert ' +
  'Richard Petit Durand Leroy Moreau Simon Laurent Lefèvre Michel Smith Jones Williams Taylor Brown Davies Evans ' +
  'Wilson Johnson Walker Wright Robinson Thompson White Hughes Edwards Green Hall Wood Harris Clarke Jensen ' +
  'Nielsen Hansen Kowalski Novák'
).split(' ');
const FREE_MAIL = ['gmail.com', 'outlook.com', 'yahoo.es', 'gmx.de', 'hotmail.fr', 'libero.it'];
const UTM = [
  ['google', 'cpc'],
  ['linkedin', 'paid-social'],
  ['newsletter', 'email'],
  ['facebook', 'paid-social'],
  ['bing', 'cpc'],
  ['programmatic-news', 'display'],
  ['youtube', 'video'],
  ['partner-webinar', 'referral'],
];
const REFERRERS = ['www.google.com', 'www.linkedin.com', 'www.bing.com', 'duckduckgo.com', 't.co', 'www.reddit.com', 'adexchanger.com'];
const MESSAGES = [
  'Queremos probar audiencias de automoción en España para dos anunciantes este trimestre.',
  'We run programmatic for retail clients and would like a demo of your geolocated audiences on The Trade Desk.',
  'Wir planen eine Kampagne in DACH und möchten die Reichweite Ihrer Segmente kennenlernen.',
  'Vorremmo capire prezzi e copertura delle audience per il mercato italiano.',
  'Nous cherchons des audiences de voyageurs pour un client hôtelier, pouvez-vous nous appeler ?',
];

/** Address form of a name: lower case, no accents (as people type them in an address). */
const addressForm = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace('ø', 'o')
    .toLowerCase();

/** Inserts `count` leads received over `days` days up to `now`, oldest first (as a table fills), in slices of `slice`. */
export async function seedLeads(client: Client, { count, countries, days, now, slice = 100_000, progress }: SeedOptions): Promise<void> {
  // Each country as often as its online users (Spain, the home market, six times as often), then one draw indexes it.
  const weights = countries.map(({ code, onlineUsers }) => ({ code, weight: onlineUsers * (code === 'ES' ? 6 : 1) }));
  const total = weights.reduce((sum, { weight }) => sum + weight, 0);
  const countryDraw = weights.flatMap(({ code, weight }) => Array<string>(Math.max(1, Math.round((weight / total) * 1000))).fill(code));
  const parameters = {
    words: AGENCY_WORDS,
    nouns: AGENCY_NOUNS,
    kinds: AGENCY_KINDS,
    first: FIRST_NAMES,
    firstAddress: FIRST_NAMES.map(addressForm),
    last: LAST_NAMES,
    lastAddress: LAST_NAMES.map(addressForm),
    freeMail: FREE_MAIL,
    utmSources: UTM.map(([source]) => source!),
    utmMediums: UTM.map(([, medium]) => medium!),
    referrers: REFERRERS,
    messages: MESSAGES,
    countries: countryDraw,
  };
  await client.query('SELECT setseed(0.44)');
  await withoutSecondaryIndexes(client, ['contact_request', 'lead_notification'], async () => {
    for (let from = 1; from <= count; from += slice) {
      const to = Math.min(count, from + slice - 1);
      await client.query(INSERT_LEADS, [from, to, count, now, (days * 86_400) / count, ...Object.values(parameters)]);
      progress?.(to);
    }
    // The outbox: what a lead's arrival wrote (sales' webhook and email, the prospect's confirmation), all delivered.
    await client.query(`
      INSERT INTO lead_notification (id, lead_id, channel, created_at, attempts, next_attempt_at, delivered_at)
      SELECT gen_random_uuid(), id, channel, received_at, 1, received_at, received_at + interval '2 seconds'
      FROM contact_request, unnest(enum_range(NULL::"NotificationChannel")) AS channel
      WHERE NOT is_spam AND request_number = 1`);
  });
}

/**
 * Runs a bulk load with the tables' indexes that no constraint needs dropped, then builds them again as they were:
 * one sorted build each instead of an insertion per row (the same indexes, a few minutes sooner at a million leads).
 */
async function withoutSecondaryIndexes(client: Client, tables: string[], load: () => Promise<void>): Promise<void> {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `SELECT index.relname AS name, pg_get_indexdef(x.indexrelid) AS definition
     FROM pg_index x JOIN pg_class index ON index.oid = x.indexrelid
     WHERE x.indrelid = ANY($1::regclass[]) AND NOT EXISTS (SELECT FROM pg_constraint WHERE conindid = x.indexrelid)`,
    [tables],
  );
  for (const { name } of rows) await client.query(`DROP INDEX "${name}"`);
  await load();
  await client.query("SET maintenance_work_mem = '256MB'");
  for (const { definition } of rows) await client.query(definition);
}

export interface SeedOptions {
  count: number;
  countries: readonly { code: string; onlineUsers: number }[];
  days: number;
  now: Date;
  slice?: number;
  progress?: (inserted: number) => void;
}

/**
 * $1..$2: the leads' numbers (oldest first), $3 how many in all, $4 now, $5 seconds between two leads; then the
 * pools, in the order of seedLeads' parameters. h1..h5 are the prospect's draws, r the lead's own.
 */
const INSERT_LEADS = `
WITH pool AS (
  SELECT $6::text[] AS words, $7::text[] AS nouns, $8::text[] AS kinds, $9::text[] AS first_names, $10::text[] AS first_address,
    $11::text[] AS last_names, $12::text[] AS last_address, $13::text[] AS free_mail, $14::text[] AS utm_sources,
    $15::text[] AS utm_mediums,
    $16::text[] AS referrers, $17::text[] AS messages, $18::text[] AS countries
), lead AS (
  SELECT n, CASE WHEN n % 10 = 0 AND n > 10 THEN n - 7 ELSE n END AS p,
    $4::timestamptz - make_interval(secs => ($3 - n + random()) * $5::float8) AS received_at,
    random() AS r1, random() AS r2, random() AS r3, random() AS r4, random() AS r5
  FROM generate_series($1::bigint, $2::bigint) AS n
), drawn AS (
  SELECT lead.*,
    abs(hashint8extended(p, 1)) AS h1, abs(hashint8extended(p, 2)) AS h2, abs(hashint8extended(p, 3)) AS h3,
    abs(hashint8extended(p, 4)) AS h4, abs(hashint8extended(p, 5)) AS h5,
    $4::timestamptz - received_at AS age
  FROM lead
), prospect AS (
  SELECT drawn.*,
    1 + h1 % 50 AS w, 1 + (h1 / 50) % 50 AS o, 1 + (h1 / 2500) % 8 AS k,
    1 + h2 % 60 AS f, 1 + (h2 / 60) % 80 AS l,
    h3 % 100 < 15 AS free,
    (ARRAY['MEDIA','CREATIVE','DIGITAL_PERFORMANCE','INDEPENDENT','GROUP_HOLDING','TRADING_DESK','ADVERTISER_IN_HOUSE','OTHER'])[1 + h4 % 8]
      AS agency_type,
    (ARRAY['UP_TO_2M','FROM_2M_TO_5M','FROM_5M_TO_10M','FROM_10M_TO_50M','OVER_50M'])[1 + (h4 / 8) % 5] AS agency_size,
    (ARRAY['FROM_1_TO_10','FROM_10_TO_25','FROM_25_TO_50','FROM_50_TO_100','OVER_100'])[1 + (h4 / 40) % 5] AS advertiser_count,
    (ARRAY['OWNER_FOUNDER','BOARD','C_LEVEL','DIRECTOR','HEAD_OF_DEPARTMENT','TEAM_LEADER','CONSULTANT','REPRESENTATIVE'])
      [1 + (h4 / 200) % 8]
      AS position,
    (ARRAY['NONE','PRESCRIBE','INFLUENCE','DECIDE'])[1 + (h4 / 1600) % 4] AS decision_role,
    CASE WHEN h5 % 100 < 62 THEN 'SOLUTIONS' ELSE 'TECHNOLOGICAL_TRANSFORMATION' END AS interest,
    CASE WHEN (h5 / 100) % 20 = 0 THEN NULL ELSE countries[1 + (h5 / 2000) % cardinality(countries)] END AS country
  FROM drawn, pool
), shaped AS (
  SELECT prospect.*,
    words[w] || ' ' || nouns[o] || ' ' || kinds[k] AS agency_name,
    first_names[f] || ' ' || last_names[l] AS contact_name,
    first_address[f] || '.' || last_address[l] ||
      CASE WHEN free THEN (h3 / 100) % 100 || '@' || free_mail[1 + (h3 / 10000) % 6]
      ELSE '@' || lower(translate(words[w] || nouns[o], 'ÉéíÍ', 'EeiI')) || '.' || lower(coalesce(country, 'com')) END AS email,
    CASE
      WHEN age < interval '30 days' AND r1 < 0.03 THEN 'SPAM'
      WHEN age < interval '14 days' THEN CASE WHEN r1 < 0.75 THEN 'NEW' WHEN r1 < 0.9 THEN 'CONTACTED' ELSE 'DISQUALIFIED' END
      WHEN r1 < 0.05 THEN 'NEW' WHEN r1 < 0.40 THEN 'CONTACTED' WHEN r1 < 0.55 THEN 'DEMO_SENT' WHEN r1 < 0.66 THEN 'QUALIFIED'
      ELSE 'DISQUALIFIED'
    END AS status,
    CASE agency_size WHEN 'UP_TO_2M' THEN 5 WHEN 'FROM_2M_TO_5M' THEN 10 WHEN 'FROM_5M_TO_10M' THEN 15 WHEN 'FROM_10M_TO_50M' THEN 20
      ELSE 25 END
      AS size_points,
    CASE advertiser_count WHEN 'FROM_1_TO_10' THEN 4 WHEN 'FROM_10_TO_25' THEN 8 WHEN 'FROM_25_TO_50' THEN 12 WHEN 'FROM_50_TO_100' THEN 16
      ELSE 20 END AS advertiser_points,
    CASE decision_role WHEN 'NONE' THEN 0 WHEN 'PRESCRIBE' THEN 8 WHEN 'INFLUENCE' THEN 12 ELSE 20 END AS role_points,
    CASE WHEN interest = 'SOLUTIONS' THEN 10 ELSE 6 END AS interest_points,
    CASE WHEN r2 < 0.35 THEN 1 + (h5 / 7) % 8 END AS utm,
    CASE WHEN r2 >= 0.35 AND r2 < 0.65 THEN 1 + (h5 / 11) % 7 END AS referrer
  FROM prospect, pool
)
INSERT INTO contact_request (id, request_id, received_at, locale, agency_name, agency_type, agency_size, advertiser_count, contact_name,
  email, free_email, phone, position, decision_role, interest, message, terms_version, terms_accepted_at, page_path, landing_page,
  referrer_host, utm_source, utm_medium, utm_campaign, gclid, country, fit_score, fit_reasons, repeat_of_id, request_number,
  requested_audiences, is_spam, status, status_updated_at)
SELECT md5('lead-' || n)::uuid, md5('request-' || n)::uuid, received_at,
  (CASE WHEN r3 < 0.1 THEN 'EN' WHEN country = 'ES' THEN 'ES' WHEN country IN ('DE', 'AT', 'CH') THEN 'DE' WHEN country = 'IT' THEN 'IT'
    WHEN country IN ('FR', 'BE', 'LU', 'MA') THEN 'FR' ELSE 'EN' END)::"Locale",
  agency_name, agency_type::"AgencyType", agency_size::"AgencySize", advertiser_count::"AdvertiserCount", contact_name, email, free,
  CASE WHEN r3 < 0.7 THEN '+34' || (600000000 + h2 % 99999999) END, position::"Position", decision_role::"DecisionRole",
  interest::"Interest", CASE WHEN r4 < 0.4 THEN messages[1 + (h5 / 13) % 5] END, '2026-11-01', received_at,
  '/' || lower(CASE WHEN country = 'ES' THEN 'es' ELSE 'en' END) || '/', CASE WHEN r4 < 0.8 THEN '/' END,
  referrers[referrer], utm_sources[utm], utm_mediums[utm], CASE WHEN utm IS NOT NULL THEN 'campaign-' || (h5 / 17) % 40 END,
  CASE WHEN utm = 1 AND r5 < 0.5 THEN 'Cj0KCQ' || substr(md5(n::text), 1, 20) END,
  country,
  size_points + advertiser_points + role_points + CASE WHEN free THEN 0 ELSE 15 END + interest_points
    + CASE WHEN country IS NULL THEN 4 ELSE 10 END,
  jsonb_build_array(
    jsonb_build_object('rule', 'agencySize', 'value', agency_size, 'points', size_points, 'maxPoints', 25),
    jsonb_build_object('rule', 'advertiserCount', 'value', advertiser_count, 'points', advertiser_points, 'maxPoints', 20),
    jsonb_build_object('rule', 'decisionRole', 'value', decision_role, 'points', role_points, 'maxPoints', 20),
    jsonb_build_object('rule', 'email', 'value', CASE WHEN free THEN 'FREE' ELSE 'BUSINESS' END,
      'points', CASE WHEN free THEN 0 ELSE 15 END,
      'maxPoints', 15),
    jsonb_build_object('rule', 'interest', 'value', interest, 'points', interest_points, 'maxPoints', 10),
    jsonb_build_object('rule', 'country', 'value', CASE WHEN country IS NULL THEN 'UNKNOWN' ELSE 'COVERED' END,
      'points', CASE WHEN country IS NULL THEN 4 ELSE 10 END, 'maxPoints', 10)),
  CASE WHEN p <> n THEN md5('lead-' || p)::uuid END, CASE WHEN p <> n THEN 2 ELSE 1 END,
  CASE WHEN r5 < 0.3 THEN jsonb_build_array(jsonb_build_object('country', coalesce(country, 'ES'), 'audience', 'tech-news-readers',
    'segmentId', 'SGM-' || coalesce(country, 'ES') || '-TECH-TECH-NEWS-READERS',
    'englishTaxonomyPath', 'Segmentia › Technology & telecom › Tech news readers')) ELSE '[]'::jsonb END,
  status = 'SPAM' AND r1 < 0.02, status::"LeadStatus",
  CASE WHEN status <> 'NEW' THEN least($4::timestamptz, received_at + make_interval(hours => 1 + (h5 % 200)::int)) END
FROM shaped, pool
ORDER BY n`;
