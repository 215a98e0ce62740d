/**
 * A country's audiences as a planner's spreadsheet: the topic, the audience,
 * its segment id, its taxonomy paths (the language's and English) and its
 * reach; UTF-8 with a byte order mark, CRLF lines, the language's separator
 * (as the staff CSV), cells a spreadsheet would run as a formula defused.
 * Its first line, before the headers, is `note`: how the reach is modelled, so
 * that the file says it wherever it is passed on. Loaded when the visitor asks for the file.
 */
import { stringify } from 'csv-stringify/browser/esm/sync';
import { defusedCell } from '@segmentia/contracts/csv';
import type { ExplorerAudienceFragment } from '../api/generated';

const cell = (value: string | number) => (typeof value === 'string' ? defusedCell(value) : value);

export function audiencesCsv(
  audiences: ExplorerAudienceFragment[],
  { note, headers, topicName, separator }: { note: string; headers: string[]; topicName: (slug: string) => string; separator: ',' | ';' },
): string {
  const rows = audiences.map((audience) =>
    [
      topicName(audience.topic),
      audience.interest,
      audience.segmentId,
      audience.taxonomyPath,
      audience.englishTaxonomyPath,
      audience.audienceSize,
    ].map(cell),
  );
  return stringify([[note], headers, ...rows], { bom: true, delimiter: separator, record_delimiter: 'windows' });
}
