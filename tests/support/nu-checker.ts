import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/** The Nu Html Checker's errors on each document, by its name. */
export async function nuErrors(documents: Record<string, string>): Promise<Record<string, string[]>> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'segmentia-nu-'));
  try {
    const files = Object.entries(documents).map(([name, html], index) => {
      const file = path.join(dir, `${index}.html`);
      writeFileSync(file, html);
      return { file, name };
    });
    // The jar itself, run by the machine's Java (the package's own runner would download one).
    const jar = path.join(path.dirname(require.resolve('vnu-jar/package.json')), 'build/dist/vnu.jar');
    const run = await promisify(execFile)(
      'java',
      ['-jar', jar, '--format', 'json', '--stdout', '--errors-only', ...files.map(({ file }) => file)],
      {
        maxBuffer: 64 * 1024 * 1024,
      },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const { messages } = JSON.parse(run.stdout || '{"messages":[]}') as {
      messages: { url?: string; message: string; lastLine?: number }[];
    };
    const found: Record<string, string[]> = {};
    for (const message of messages) {
      const name = files.find(({ file }) => message.url?.endsWith(`/${path.basename(file)}`))?.name ?? '?';
      (found[name] ??= []).push(`line ${message.lastLine ?? '?'}: ${message.message}`);
    }
    return found;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
