import { REFUSED_CHARACTERS as REFUSED } from '@segmentia/testing';
import { NOT_PLAIN_TEXT, NOT_SINGLE_LINE } from './contact';

describe('NOT_SINGLE_LINE (names, agency, addresses, attribution, search)', () => {
  it.each([...REFUSED, ['a tab', '\t'], ['a line feed', '\n'], ['a carriage return', '\r']])('refuses %s', (_, character) => {
    expect(NOT_SINGLE_LINE.test(`Agencia${character}Norte`)).toBe(true);
  });

  it.each(['Agencia Norte', 'Jörg Müller-Ñúñez', 'وكالة', '广告公司', 'Zoë 😀'])('accepts %j', (text) => {
    expect(NOT_SINGLE_LINE.test(text)).toBe(false);
  });
});

describe('NOT_PLAIN_TEXT (the message)', () => {
  it.each([...REFUSED, ['a carriage return alone', '\r'], ['a carriage return before text', '\rx']])('refuses %s', (_, character) => {
    expect(NOT_PLAIN_TEXT.test(`Hola${character}adiós`)).toBe(true);
  });

  it.each([
    ['line feeds', 'Hola,\n\nsomos una agencia.\n'],
    ['CRLF line breaks', 'Hola,\r\nsomos una agencia.\r\n'],
    ['tabs', 'Presupuesto:\t50 000 €'],
    ['right-to-left script without marks', 'مرحبا، نحن وكالة'],
  ])('accepts %s', (_, text) => {
    expect(NOT_PLAIN_TEXT.test(text)).toBe(false);
  });
});
