import { salesReaderUrl } from './sales-reader';

describe('salesReaderUrl', () => {
  it('keeps the server, database and parameters, with the reader as the user and no password', () => {
    expect(salesReaderUrl('postgresql://segmentia:secret@db.internal:5433/segmentia?schema=public&sslmode=require')).toBe(
      'postgresql://segmentia_sales_reader@db.internal:5433/segmentia?schema=public&sslmode=require',
    );
  });
});
