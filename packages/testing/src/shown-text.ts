/**
 * What a reader must never see in a page or an email: a placeholder left unfilled (`{name}`, `{{name}}`, an email
 * template's `[[name]]`), a translation key shown in place of its text (`optOut.intro`, `done_one`) or i18next's
 * nesting call `$t(`. The page tests and the email tests read the texts as shown and ask `leftovers()` what is wrong.
 */

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** The words the texts are made of: every key path of the locale files, and every text they hold. */
export interface Vocabulary {
  keys: Set<string>;
  written: string;
}

/** Every key path of a locale file (arrays by index, `done_one` also as `done`), with its texts. */
function walk(value: Json, prefix: string, keys: Set<string>, texts: string[]): void {
  if (typeof value === 'string') {
    texts.push(value);
    return;
  }
  if (!value || typeof value !== 'object') return;
  for (const [key, child] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    keys.add(path);
    // i18next shows a plural's key without its suffix when every form is missing.
    keys.add(path.replace(/_(zero|one|two|few|many|other)$/, ''));
    walk(child, path, keys, texts);
  }
}

/** The vocabulary of locale files (site namespaces, email strings, the catalogue), each already parsed. */
export function vocabularyOf(files: unknown[]): Vocabulary {
  const keys = new Set<string>();
  const texts: string[] = [];
  for (const file of files) walk(file as Json, '', keys, texts);
  return { keys, written: texts.join('\n') };
}

/** Every JSON file under the folders (locale folders, the audience catalogue), parsed. */
export function jsonFilesIn(...dirs: string[]): unknown[] {
  return dirs.flatMap((dir) =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? jsonFilesIn(path.join(dir, entry.name))
        : entry.name.endsWith('.json')
          ? [JSON.parse(readFileSync(path.join(dir, entry.name), 'utf8')) as unknown]
          : [],
    ),
  );
}

const PLACEHOLDER = /\{\{\s*[\w.]+\s*\}\}|(?<!\{)\{\s*\w+\s*\}(?!\})|\[\[\s*[\w.]+\s*\]\]/g;
/** A dotted or `ns:`-prefixed name, or one word in camelCase or snake_case: the shapes a key has. */
const KEY_SHAPED = /(?<![\w.@/:-])[A-Za-z_][\w-]*(?:[.:][\w-]+)*(?![\w@/-])/g;
const looksLikeAKey = (token: string) => /[a-z][A-Z]|_|[.:]\d|\w:\w/.test(token);

/**
 * What is wrong in a text as a reader sees it, each as it appears: placeholders, `$t(`, and names shaped like a key
 * (in camelCase, snake_case, with an index or a namespace, or one of the locale files' key paths) that none of the
 * locale files' texts contains (a cookie's name such as `segmentia.myDataToken` is written there, a key is not).
 */
export function leftovers(text: string, vocabulary: Vocabulary): string[] {
  const found = [...(text.match(PLACEHOLDER) ?? [])];
  if (text.includes('$t(')) found.push('$t(');
  for (const token of text.match(KEY_SHAPED) ?? []) {
    const dotted = /[.:]/.test(token);
    const key = vocabulary.keys.has(token) && (dotted || looksLikeAKey(token));
    if ((key || (dotted && looksLikeAKey(token))) && !vocabulary.written.includes(token)) found.push(token);
  }
  return found;
}
