import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rotateLog } from './log-rotation';

describe('the access log rotation', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(path.join(os.tmpdir(), 'segmentia-logs-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('renames the day’s log and deletes the renamed ones older than the retention, and nothing else', () => {
    const log = path.join(dir, 'nginx-access.log');
    const now = new Date('2026-11-25T03:00:00Z');
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 3600 * 1000);
    for (const [file, age] of [
      ['nginx-access-2026-11-10T03-00-00-000Z.log', 15],
      ['nginx-access-2026-11-12T03-00-00-000Z.log', 13],
      ['nginx.log', 30],
    ] as const) {
      writeFileSync(path.join(dir, file), 'x\n');
      utimesSync(path.join(dir, file), daysAgo(age), daysAgo(age));
    }
    writeFileSync(log, '203.0.113.0 GET /\n');
    expect(rotateLog(log, 14, now)).toBe(true);
    expect(readdirSync(dir).sort()).toEqual([
      'nginx-access-2026-11-12T03-00-00-000Z.log',
      'nginx-access-2026-11-25T03-00-00-000Z.log',
      'nginx.log',
    ]);
    // Nothing written since: nothing to rename, nginx need not reopen.
    expect(rotateLog(log, 14, now)).toBe(false);
  });
});
