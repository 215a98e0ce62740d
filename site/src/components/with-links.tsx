import React, { type ReactNode } from 'react';

/** `[label](https://…)` or `[label](/path/)` in a text: a link (the texts name a page or a browser's help). */
const LINK = /\[([^\]]+)\]\(((?:https:\/\/|\/)[^)\s]+)\)/g;

export function withLinks(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    parts.push(
      text.slice(last, match.index),
      <a key={match.index} href={match[2]}>
        {match[1]}
      </a>,
    );
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return parts;
}
