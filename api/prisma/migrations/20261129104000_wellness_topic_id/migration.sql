-- The wellness topic's id no longer says "health" (content review 4, P-L8), and its segment-id code stays WELLNESS.
-- Renamed in place, so that a database seeded before keeps one wellness topic, not two: the translations and the
-- audiences follow by their keys' ON UPDATE CASCADE, and audience_reach repeats the topic without a key.
UPDATE "topic" SET "slug" = 'wellness-active-living' WHERE "slug" = 'health-wellness';
UPDATE "audience_reach" SET "topic_slug" = 'wellness-active-living' WHERE "topic_slug" = 'health-wellness';
