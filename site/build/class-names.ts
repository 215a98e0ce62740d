import { createHash } from 'node:crypto';
import path from 'node:path';

/** The parts of webpack's rules that lead to a loader (Gatsby's CSS rules hold css-loader in `oneOf` and `use`). */
export interface WebpackRule {
  oneOf?: WebpackRule[];
  rules?: WebpackRule[];
  use?: unknown;
  loader?: string;
  options?: { modules?: unknown };
}

/**
 * A CSS module class's name in a built page: six characters of the hash of its file (from `root`) and name (36 bits:
 * no collision among the site's few hundred classes), `_` first where it would start with a digit or a hyphen:
 * Gatsby's own, `File-module--name--1a2b3`, repeat the file's name in every element's markup.
 */
export function shortClassName(root: string, file: string, name: string): string {
  const hash = createHash('sha256')
    .update(`${path.relative(root, file)}\0${name}`)
    .digest('base64url')
    .slice(0, 6);
  return /^[\d-]/.test(hash) ? `_${hash}` : hash;
}

/**
 * Names classes as `shortClassName` does, and fails the build where two classes (file and name) would get one name,
 * which the browser would merge into one.
 */
export function classNamer(root: string, nameOf: typeof shortClassName = shortClassName): (file: string, name: string) => string {
  const owners = new Map<string, string>();
  return (file, name) => {
    const short = nameOf(root, file, name);
    const owner = `${path.relative(root, file)} .${name}`;
    const known = owners.get(short);
    if (known !== undefined && known !== owner) throw new Error(`CSS module classes ${known} and ${owner} would both be .${short}`);
    owners.set(short, owner);
    return short;
  };
}

/** Gives every CSS module loader among these rules the short class names (the same in the browser's build and the pages'). */
export function shortenClassNames(rules: WebpackRule[], root: string, nameOf = classNamer(root)): void {
  for (const rule of rules) {
    const modules = rule.options?.modules;
    if (rule.loader?.includes('css-loader') && typeof modules === 'object' && modules) {
      Object.assign(modules, {
        getLocalIdent: (loader: { resourcePath: string }, _pattern: string, name: string) => nameOf(loader.resourcePath, name),
      });
    }
    const loaders = (Array.isArray(rule.use) ? rule.use : []).filter((use): use is WebpackRule => Boolean(use) && typeof use === 'object');
    shortenClassNames([...(rule.oneOf ?? []), ...(rule.rules ?? []), ...loaders], root, nameOf);
  }
}
