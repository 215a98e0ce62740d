import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { precompressIn } from './precompress';

describe('precompressIn', () => {
  it('writes a .br beside each text file of 1 KB or more, in folders too, that decompresses to the file', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'segmentia-precompress-'));
    mkdirSync(path.join(dir, 'en', 'legal'), { recursive: true });
    const page = `<!DOCTYPE html><html><body>${'<p>Aviso legal de Segmentia.</p>'.repeat(100)}</body></html>`;
    writeFileSync(path.join(dir, 'en', 'legal', 'index.html'), page);
    writeFileSync(path.join(dir, 'app-0123456789abcdef.js'), 'console.log(1);'.repeat(200));
    writeFileSync(path.join(dir, 'small.css'), 'a{color:red}');
    writeFileSync(path.join(dir, 'poster.jpg'), Buffer.alloc(4096, 7));

    expect(await precompressIn(dir)).toBe(2);
    const compressed = readFileSync(path.join(dir, 'en', 'legal', 'index.html.br'));
    expect(compressed.length).toBeLessThan(page.length / 10);
    expect(brotliDecompressSync(compressed).toString()).toBe(page);
    expect(existsSync(path.join(dir, 'app-0123456789abcdef.js.br'))).toBe(true);
    expect(existsSync(path.join(dir, 'small.css.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'poster.jpg.br'))).toBe(false);
  });
});
