/** What gatsby-plugin-react-i18next puts in every page's context. */
export interface I18nPageContext {
  language: string;
  i18n: { language: string; originalPath: string; routed: boolean };
}
