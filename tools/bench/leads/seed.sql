-- `npm run bench:leads`'s leads, numbers $1 to $2 of $3 (oldest first, as a table fills), the newest received at $4,
-- $5 seconds apart: many and fast (one INSERT … SELECT over generate_series, never a row at a time), and varied as a
-- B2B site's would be after two years. A lead's identity (agency, contact, address, company facts) is drawn from
-- hashes of its prospect's number (h1..h5), so that a repeat (every tenth lead, of the lead seven before it) carries
-- the same agency and address as its first request and links to it; the rest is drawn at random (r1..r5).
WITH weighted AS (
  -- Each country as often as its online users (Spain, the home market, six times as often), then one draw indexes it.
  SELECT code, online_users::bigint * CASE code WHEN 'ES' THEN 6 ELSE 1 END AS weight FROM country
), pool AS (
  SELECT
    -- 50 × 50 × 8 distinct agencies, each some fifty leads in a million.
    string_to_array('Nova Alta Blue Norte Vista Prisma Delta Orbit Lumen Pixel Fuego Mar Sol Terra Brava Kaiser Nord Stern Licht '
      'Berg Rossa Stella Ponte Luce Verde Étoile Rivage Aube Clair Azur Bright Crown Oak Harbor Summit Atlas Vector '
      'Signal Quantum Echo Fusion Nexo Raíz Onda Faro Cima Halo Zenit Polar Kobalt', ' ') AS words,
    string_to_array('Lab Works House Studio Punto Medios Ideas Code Hub Garage Factory Werk Haus Kreativ Atelier Maison Bottega '
      'Officina Mente Arrow Spark Wave Bridge Path Loop Frame Field Grid Pulse Shift Tribe Nest Forge Craft Scope '
      'Lens Mosaic Canvas Compass Anchor Beacon Circle Cloud Engine Market Motion Orchard Quarry Rocket Tide', ' ') AS nouns,
    ARRAY['Media', 'Digital', 'Group', 'Partners', 'Agency', 'Comunicación', 'Performance', 'Consulting'] AS kinds,
    -- Contacts' names in the five languages.
    string_to_array('Lucía María Carmen Javier Álvaro Pablo Sofía Marta Diego Elena Jörg Anna Lukas Jonas Sabine Katrin Felix Lena '
      'Tobias Julia Giulia Marco Francesca Luca Chiara Matteo Sara Alessandro Élodie Camille Théo Léa Hugo Chloé '
      'Louis Manon Olivia James Emma Oliver Amelia Harry Isla Jack Grace Noah Ava Liam Mia Ethan Zoe Daniel Laura '
      'Adrián Nuria Iñigo Begoña Søren Ingrid Henrik', ' ') AS first_names,
    string_to_array('García Fernández López Martínez Sánchez Pérez Gómez Ruiz Díaz Moreno Muñoz Álvarez Romero Navarro Torres '
      'Domínguez Müller Schmidt Schneider Fischer Weber Meyer Wagner Becker Schulz Hoffmann Koch Vogel Rossi Russo '
      'Ferrari Esposito Bianchi Romano Colombo Ricci Marino Greco Bruno Gallo Martin Bernard Dubois Thomas Robert '
      'Richard Petit Durand Leroy Moreau Simon Laurent Lefèvre Michel Smith Jones Williams Taylor Brown Davies Evans '
      'Wilson Johnson Walker Wright Robinson Thompson White Hughes Edwards Green Hall Wood Harris Clarke Jensen '
      'Nielsen Hansen Kowalski Novák', ' ') AS last_names,
    ARRAY['gmail.com', 'outlook.com', 'yahoo.es', 'gmx.de', 'hotmail.fr', 'libero.it'] AS free_mail,
    ARRAY['google', 'linkedin', 'newsletter', 'facebook', 'bing', 'programmatic-news', 'youtube', 'partner-webinar'] AS utm_sources,
    ARRAY['cpc', 'paid-social', 'email', 'paid-social', 'cpc', 'display', 'video', 'referral'] AS utm_mediums,
    ARRAY['www.google.com', 'www.linkedin.com', 'www.bing.com', 'duckduckgo.com', 't.co', 'www.reddit.com', 'adexchanger.com'] AS referrers,
    ARRAY[
      'Queremos probar audiencias de automoción en España para dos anunciantes este trimestre.',
      'We run programmatic for retail clients and would like a demo of your geolocated audiences on The Trade Desk.',
      'Wir planen eine Kampagne in DACH und möchten die Reichweite Ihrer Segmente kennenlernen.',
      'Vorremmo capire prezzi e copertura delle audience per il mercato italiano.',
      'Nous cherchons des audiences de voyageurs pour un client hôtelier, pouvez-vous nous appeler ?'
    ] AS messages,
    (SELECT array_agg(code ORDER BY code) FROM weighted,
      generate_series(1, greatest(1, round(weight * 1000.0 / (SELECT sum(weight) FROM weighted)))::int)) AS countries
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
      [1 + (h4 / 200) % 8] AS position,
    (ARRAY['NONE','PRESCRIBE','INFLUENCE','DECIDE'])[1 + (h4 / 1600) % 4] AS decision_role,
    CASE WHEN h5 % 100 < 62 THEN 'SOLUTIONS' ELSE 'TECHNOLOGICAL_TRANSFORMATION' END AS interest,
    CASE WHEN (h5 / 100) % 20 = 0 THEN NULL ELSE countries[1 + (h5 / 2000) % cardinality(countries)] END AS country
  FROM drawn, pool
), shaped AS (
  SELECT prospect.*,
    words[w] || ' ' || nouns[o] || ' ' || kinds[k] AS agency_name,
    first_names[f] || ' ' || last_names[l] AS contact_name,
    -- An address as people type one: lower case, no accents; one in seven on a free-mail domain.
    lower(unaccent(first_names[f] || '.' || last_names[l])) ||
      CASE WHEN free THEN (h3 / 100) % 100 || '@' || free_mail[1 + (h3 / 10000) % 6]
      ELSE '@' || lower(unaccent(words[w] || nouns[o])) || '.' || lower(coalesce(country, 'com')) END AS email,
    -- NEW mostly in the last two weeks; spam only in the last 30 days, as retention leaves it.
    CASE
      WHEN age < interval '30 days' AND r1 < 0.03 THEN 'SPAM'
      WHEN age < interval '14 days' THEN CASE WHEN r1 < 0.75 THEN 'NEW' WHEN r1 < 0.9 THEN 'CONTACTED' ELSE 'DISQUALIFIED' END
      WHEN r1 < 0.05 THEN 'NEW' WHEN r1 < 0.40 THEN 'CONTACTED' WHEN r1 < 0.55 THEN 'DEMO_SENT' WHEN r1 < 0.66 THEN 'QUALIFIED'
      ELSE 'DISQUALIFIED'
    END AS status,
    -- The fit rules' points.
    CASE agency_size WHEN 'UP_TO_2M' THEN 5 WHEN 'FROM_2M_TO_5M' THEN 10 WHEN 'FROM_5M_TO_10M' THEN 15 WHEN 'FROM_10M_TO_50M' THEN 20
      ELSE 25 END AS size_points,
    CASE advertiser_count WHEN 'FROM_1_TO_10' THEN 4 WHEN 'FROM_10_TO_25' THEN 8 WHEN 'FROM_25_TO_50' THEN 12 WHEN 'FROM_50_TO_100' THEN 16
      ELSE 20 END AS advertiser_points,
    CASE decision_role WHEN 'NONE' THEN 0 WHEN 'PRESCRIBE' THEN 8 WHEN 'INFLUENCE' THEN 12 ELSE 20 END AS role_points,
    CASE WHEN interest = 'SOLUTIONS' THEN 10 ELSE 6 END AS interest_points,
    -- A third from a campaign (UTM), a third from a referring site.
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
      'points', CASE WHEN free THEN 0 ELSE 15 END, 'maxPoints', 15),
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
ORDER BY n
