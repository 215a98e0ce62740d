import { csvFileName, csvSeparatorFor } from '../download/csv';
import { leadOrderOf, leadsFilterOf, NO_FILTERS, readView, viewSearch } from './filters';

describe('the view in the URL', () => {
  it('reads the filters and the open lead, leaving out what it does not know', () => {
    expect(
      readView(
        '?status=QUALIFIED&interest=SOLUTIONS&language=DE&q=%20norte%20&from=2026-11-01&to=2026-11-30' +
          '&source=linkedin&fit=60&sort=BEST_FIT&lead=abc',
      ),
    ).toEqual({
      filters: {
        from: '2026-11-01',
        to: '2026-11-30',
        status: 'QUALIFIED',
        interest: 'SOLUTIONS',
        language: 'DE',
        search: 'norte',
        source: 'linkedin',
        fit: '60',
        order: 'BEST_FIT',
      },
      tab: 'list',
      lead: 'abc',
    });
    expect(readView('?status=WON&language=PT&from=yesterday&fit=55&sort=OLDEST&view=map&lead=')).toEqual({
      filters: NO_FILTERS,
      tab: 'list',
      lead: null,
    });
    expect(readView('?view=overview').tab).toBe('overview');
  });

  it('writes back only what is set, and keeps the other parameters', () => {
    const search = viewSearch('?utm_source=mail&status=NEW&lead=old', {
      filters: { ...NO_FILTERS, search: 'Müller & Co' },
      tab: 'list',
      lead: 'abc',
    });
    expect(new URLSearchParams(search).toString()).toBe('utm_source=mail&lead=abc&q=M%C3%BCller+%26+Co');
    expect(readView(search).filters.search).toBe('Müller & Co');
    expect(viewSearch('?status=NEW&view=overview', { filters: NO_FILTERS, tab: 'list', lead: null })).toBe('');
    expect(viewSearch('', { filters: NO_FILTERS, tab: 'overview', lead: null })).toBe('?view=overview');
  });
});

describe('the API filter', () => {
  it('is empty without filters', () => {
    expect(leadsFilterOf(NO_FILTERS)).toEqual({});
  });

  it('takes whole local days, the last one included', () => {
    expect(leadsFilterOf({ ...NO_FILTERS, from: '2026-11-01', to: '2026-11-30' })).toEqual({
      receivedFrom: new Date(2026, 10, 1).toISOString(),
      receivedTo: new Date(2026, 11, 1).toISOString(),
    });
  });

  it('names the language locale and trims the search and the source', () => {
    expect(
      leadsFilterOf({ ...NO_FILTERS, status: 'NEW', interest: 'SOLUTIONS', language: 'IT', search: '  rossi ', source: ' newsletter ' }),
    ).toEqual({
      status: 'NEW',
      interest: 'SOLUTIONS',
      locale: 'IT',
      search: 'rossi',
      source: 'newsletter',
    });
    expect(leadsFilterOf({ ...NO_FILTERS, search: '   ' })).toEqual({});
  });

  it('asks for the least fit score as a number; the order goes apart, newest first unless asked', () => {
    expect(leadsFilterOf({ ...NO_FILTERS, fit: '80', order: 'BEST_FIT' })).toEqual({ minFitScore: 80 });
    expect(leadOrderOf({ ...NO_FILTERS, order: 'BEST_FIT' })).toBe('BEST_FIT');
    expect(leadOrderOf(NO_FILTERS)).toBe('NEWEST');
  });
});

describe('the CSV file', () => {
  it('is named by the local date', () => {
    expect(csvFileName('leads', new Date(2026, 0, 5, 23, 59))).toBe('segmentia-leads-2026-01-05.csv');
  });

  it('is separated by commas in English and semicolons in the other languages', () => {
    expect(csvSeparatorFor('en')).toBe('COMMA');
    for (const code of ['es', 'de', 'it', 'fr'] as const) expect(csvSeparatorFor(code)).toBe('SEMICOLON');
  });
});
