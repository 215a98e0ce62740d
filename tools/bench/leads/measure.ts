/** Timing and memory for `npm run bench:leads`: a read's answer, how long it took, a process's resident memory. */
import { readFileSync } from 'node:fs';
import { postGraphql } from '@segmentia/testing';

export interface Timed {
  ms: number;
  /** `ok`, or the error's code (a refusal's field code with it). */
  answer: string;
  /** How many leads the answer counts: the list's totalCount, the overview's total, the CSV's lines. */
  rows?: number;
}

type Answer = {
  leads?: { totalCount: number };
  leadInsights?: { total: number };
  leadsCsv?: string;
  submitContactRequest?: { id: string };
};

/** One GraphQL request, timed from its sending to its whole answer read. */
export async function timedRequest(
  url: string,
  query: string,
  variables: Record<string, unknown>,
  headers: Record<string, string>,
): Promise<Timed> {
  const started = performance.now();
  const { body } = await postGraphql<Answer>(url, query, variables, headers);
  const ms = performance.now() - started;
  const error = body.errors?.[0];
  if (error) {
    const fields = Object.values((error.extensions?.fieldErrors ?? {}) as Record<string, { code: string }[]>).flat();
    return { ms, answer: [error.extensions?.code ?? 'error', ...fields.map((field) => field.code)].join(' ') };
  }
  const data = body.data ?? {};
  const rows = data.leads?.totalCount ?? data.leadInsights?.total ?? (data.leadsCsv ? data.leadsCsv.split('\r\n').length - 2 : undefined);
  return { ms, answer: 'ok', rows };
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

/** A process's resident memory now, and its peak since it started (Linux: /proc/<pid>/status), in MiB. */
export function residentMemory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
}

/** The highest resident memory of `pid` while `work` runs, sampled every few milliseconds, in MiB. */
export async function peakResidentMemory<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; before: number; peak: number }> {
  const before = residentMemory(pid);
  let peak = before.rss;
  const sampler = setInterval(() => (peak = Math.max(peak, residentMemory(pid).rss)), 5);
  try {
    const result = await work();
    // A peak between two samples still shows in the process's own high-water mark, when it is a new one.
    const after = residentMemory(pid);
    return { result, before: before.rss, peak: Math.max(peak, after.rss, after.peak > before.peak ? after.peak : 0) };
  } finally {
    clearInterval(sampler);
  }
}
