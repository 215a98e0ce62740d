import i18next, { type TFunction } from 'i18next';

/** What every localized page queries: its language's strings. */
export interface LocaleData {
  locales: { edges: { node: { ns: string; data: string; language: string } }[] };
}

/**
 * A translator for Gatsby's `Head`, where the i18n plugin's hooks do not work:
 * built from the same locale JSON the page queried.
 */
export function headTranslator(data: LocaleData, language: string): TFunction {
  const instance = i18next.createInstance();
  void instance.init({
    lng: language,
    initImmediate: false,
    interpolation: { escapeValue: false },
    resources: {
      [language]: Object.fromEntries(data.locales.edges.map(({ node }) => [node.ns, JSON.parse(node.data) as object])),
    },
  });
  return instance.t;
}
