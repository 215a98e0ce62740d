import React from 'react';
import type { CssIconName } from './css-icon-names';
import * as styles from './css-icons.module.css';

/**
 * A decorative icon of the home page's sections below its first screen (the categories, the channels, the contact
 * section's points), drawn by its stylesheet (a mask over the text's colour), which loads after the first paint
 * with those sections' (site/build/page-stylesheets.ts), or through the page's `noscript` link: not written
 * into the document as SVG, so that neither the document nor the sections' scripts carry the drawings. The
 * stylesheet and the icons' files (/static/icons/, each loaded when an element that shows it is styled) are
 * generated from lucide-react (site/build/css-icons-stylesheet.ts).
 */
export function CssIcon({ name, className = '' }: { name: CssIconName; className?: string }) {
  return <span className={`${styles.icon} ${styles[name]} ${className}`.trimEnd()} aria-hidden="true" />;
}
