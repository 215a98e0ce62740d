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

/**
 * The rules of `css` that this page's document can use: a rule stays when one of its selectors, reduced to its
 * structural part, matches an element of `html`; at-rules stay (fonts, keyframes, custom properties), a `@media`
 * or `@supports` with no rule left goes. A rule for an element or a class the document does not hold (a menu's
 * open state, a dialog, an error, another kind of page) goes: it arrives with the whole stylesheet after the first
 * paint (features/loading/after-first-paint.ts), which is requested before the scripts that could add such an
 * element, and is a fiftieth of their size. A selector that does not parse keeps its rule.
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
  return root.toString();
}
