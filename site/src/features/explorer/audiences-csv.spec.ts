import { audiencesCsv } from './audiences-csv';

const audience = {
  id: 'motorsport-fans',
  interest: 'Aficionados al motor; "de verdad"',
  audienceSize: 3_190_000,
  topic: 'automotive',
  segmentId: 'SGM-ES-AUTO-MOTORSPORT-FANS',
  taxonomyPath: 'Segmentia › Automoción › Aficionados al motor',
  englishTaxonomyPath: 'Segmentia › Automotive › Motorsport fans',
};
const headers = ['Temática', 'Audiencia', 'ID de segmento', 'Ruta', 'Ruta en inglés', 'Alcance'];

describe('the audiences CSV', () => {
  it('has a byte order mark, the headers of the language, CRLF lines and quoted cells where needed', () => {
    const csv = audiencesCsv([audience], { headers, topicName: () => 'Automoción', separator: ';' });
    expect(csv).toBe(
      '\uFEFFTemática;Audiencia;ID de segmento;Ruta;Ruta en inglés;Alcance\r\n' +
        'Automoción;"Aficionados al motor; ""de verdad""";SGM-ES-AUTO-MOTORSPORT-FANS;Segmentia ' +
        '› Automoción › Aficionados al motor;Segmentia › Automotive › Motorsport fans;3190000\r\n',
    );
  });

  it('defuses a cell a spreadsheet would run as a formula', () => {
    const csv = audiencesCsv([{ ...audience, interest: '=HYPERLINK("x")' }], { headers, topicName: () => 'Auto', separator: ',' });
    expect(csv.split('\r\n')[1]).toContain(`"'=HYPERLINK(""x"")"`);
  });
});
