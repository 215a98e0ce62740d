import { defusedCell } from './csv';

describe('defusedCell', () => {
  it.each(['=1+2', '+34911234567', '-2', '@SUM(A1)', '\tcmd', '\rcmd', '＝HYPERLINK("http://evil.example")', '＋1', '－1', '＠SUM(A1)'])(
    'makes %j text with an apostrophe',
    (text) => {
      expect(defusedCell(text)).toBe(`'${text}`);
    },
  );

  it.each(['Agencia Norte', 'a=b', '', ' =1', 'ﾠ=1'])('leaves %j as it is', (text) => {
    expect(defusedCell(text)).toBe(text);
  });
});
