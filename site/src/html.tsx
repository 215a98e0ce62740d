import React from 'react';

interface HtmlProps {
  htmlAttributes: React.HtmlHTMLAttributes<HTMLHtmlElement>;
  headComponents: React.ReactNode[];
  bodyAttributes: React.HTMLAttributes<HTMLBodyElement>;
  preBodyComponents: React.ReactNode[];
  body: string;
  postBodyComponents: React.ReactNode[];
}

/** Gatsby's `<meta name="generator">`: no browser or crawler reads it, and it tells which version runs the site. */
const isGeneratorMeta = (component: React.ReactNode) =>
  React.isValidElement<{ name?: string }>(component) && component.type === 'meta' && component.props.name === 'generator';

/**
 * Every page's document: Gatsby's own (gatsby/cache-dir/default-html.js) without what no browser reads any more,
 * which every page's first round trip carried: Internet Explorer's `x-ua-compatible`, Safari 9's `shrink-to-fit=no`
 * and Gatsby's generator meta.
 */
export default function Html({ htmlAttributes, headComponents, bodyAttributes, preBodyComponents, body, postBodyComponents }: HtmlProps) {
  return (
    <html {...htmlAttributes}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {headComponents.filter((component) => !isGeneratorMeta(component))}
      </head>
      <body {...bodyAttributes}>
        {preBodyComponents}
        <div key="body" id="___gatsby" dangerouslySetInnerHTML={{ __html: body }} />
        {postBodyComponents}
      </body>
    </html>
  );
}
