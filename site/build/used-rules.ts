import * as cheerio from 'cheerio';
import { AttributeAction, isTraversal, parse as parseSelector, type Selector, SelectorType, stringify } from 'css-what';
import postcss from 'postcss';

/**
 * What a selector needs of the document's structure alone: its elements,
 * classes and ids, and how they nest. Everything a script or the visitor can
 * change without adding an element or a class (pseudo-classes such as `:hover`
 * or `:not(…)`, pseudo-elements, and attributes, like the `html[data-consent-decided]`
 * the head's script sets before the first paint) is left out, so the result
 * matches wherever the selector could ever match on this document, and more.
 */
function structuralPart(selector: Selector[]): Selector[] {
  const kept: Selector[] = [];
  let compoundEmpty = true;
  const closeCompound = () => {
    if (compoundEmpty) kept.push({ type: SelectorType.Universal, namespace: null });
  };
  for (const token of selector) {
    // Between two compound selectors: ` `, `>`, `~`, `+` …
    if (isTraversal(token)) {
      closeCompound();
      kept.push(token);
      compoundEmpty = true;
    } else if (
      token.type === SelectorType.Tag ||
      (token.type === SelectorType.Attribute && token.name === 'class' && token.action === AttributeAction.Element) ||
      (token.type === SelectorType.Attribute && token.name === 'id' && token.action === AttributeAction.Equals)
    ) {
      kept.push(token);
      compoundEmpty = false;
    }
  }
  closeCompound();
  return kept;
}

const READS = /var\(\s*(--[\w-]+)/g;

/** Removes the custom properties that neither `root`'s other declarations nor `elsewhere` read, and rules left empty. */
function dropUnreadCustomProperties(root: postcss.Root, elsewhere: string): void {
  const read = new Set([...elsewhere.matchAll(READS)].map(([, name]) => name!));
  const readIn = (value: string) => [...value.matchAll(READS)].map(([, name]) => name!);
  root.walkDecls((declaration) => {
    if (!declaration.prop.startsWith('--')) readIn(declaration.value).forEach((name) => read.add(name));
  });
  // What each custom property's values read in turn, followed from every property already read until none is new.
  const readsOf = new Map<string, string[]>();
  root.walkDecls(/^--/, (declaration) => {
    readsOf.set(declaration.prop, [...(readsOf.get(declaration.prop) ?? []), ...readIn(declaration.value)]);
  });
  const pending = [...read];
  while (pending.length > 0) {
    for (const next of readsOf.get(pending.pop()!) ?? []) {
      if (read.has(next)) continue;
      read.add(next);
      pending.push(next);
    }
  }
  root.walkDecls(/^--/, (declaration) => void (read.has(declaration.prop) || declaration.remove()));
  root.walkRules((rule) => void (rule.nodes.length === 0 && rule.remove()));
}

/**
 * The rules of `css` that a page can use, `html` being its document without `css` itself: a rule stays when one of
 * its selectors, reduced to its structural part, matches an element of `html`; at-rules stay (fonts), a `@media`
 * or `@supports` with no rule left goes, and so do keyframes no rule left animates with and custom properties
 * nothing left reads (neither a kept rule nor the rest of the page: its other stylesheets and `style` attributes).
 * A rule for an element or a class the document does not hold (a menu's open state, a dialog, an error, another
 * kind of page) goes: it arrives with the whole stylesheet after the first paint (after-first-paint.ts), which is
 * requested before the scripts that could add such an element, and is far smaller than they are. A selector that
 * does not parse keeps its rule.
 */
export function usedRules(css: string, html: string): string {
  const $ = cheerio.load(html);
  const matches = (selector: string) => {
    try {
      return parseSelector(selector).some((alternative) => $(stringify([structuralPart(alternative)])).length > 0);
    } catch {
      return true;
    }
  };
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/i.test((rule.parent as postcss.AtRule).name)) return;
    if (!matches(rule.selector)) rule.remove();
  });
  // Innermost first, so that a group holding only emptied groups goes too.
  const groups: postcss.AtRule[] = [];
  root.walkAtRules(/^(?:media|supports|container|layer)$/i, (atRule) => void groups.push(atRule));
  for (const group of groups.reverse()) if (group.nodes?.length === 0) group.remove();
  const animated = new Set<string>();
  root.walkDecls(/^animation(?:-name)?$/i, (declaration) => {
    for (const animation of postcss.list.comma(declaration.value)) postcss.list.space(animation).forEach((word) => animated.add(word));
  });
  root.walkAtRules(/keyframes$/i, (keyframes) => void (animated.has(keyframes.params) || keyframes.remove()));
  dropUnreadCustomProperties(root, html);
  return root.toString();
}
