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
const note = 'Alcance estimado con un modelo ilustrativo (véase https://www.segmentia.es/legal/#audience-estimates).';

describe('the audiences CSV', () => {
  it('has a byte order mark, the reach model’s note, the headers of the language, CRLF lines and quoted cells where needed', () => {
    const csv = audiencesCsv([audience], { note, headers, topicName: () => 'Automoción', separator: ';' });
    expect(csv).toBe(
      `\uFEFF${note}\r\n` +
        'Temática;Audiencia;ID de segmento;Ruta;Ruta en inglés;Alcance\r\n' +
        'Automoción;"Aficionados al motor; ""de verdad""";SGM-ES-AUTO-MOTORSPORT-FANS;Segmentia ' +
        '› Automoción › Aficionados al motor;Segmentia › Automotive › Motorsport fans;3190000\r\n',
    );
  });

  it('keeps the note in one cell of its own line, quoted when it holds the separator', () => {
    const csv = audiencesCsv([audience], { note: 'Estimated reach, from a model', headers, topicName: () => 'Automotive', separator: ',' });
    expect(csv.split('\r\n')[0]).toBe('\uFEFF"Estimated reach, from a model"');
  });

  it('defuses a cell a spreadsheet would run as a formula', () => {
    const csv = audiencesCsv([{ ...audience, interest: '=HYPERLINK("x")' }], { note, headers, topicName: () => 'Auto', separator: ',' });
    expect(csv.split('\r\n')[2]).toContain(`"'=HYPERLINK(""x"")"`);
  });
});
