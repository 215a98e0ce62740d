import 'i18next';

// Translations always exist (a test checks every key in every language): t() returns strings.
declare module 'i18next' {
  interface CustomTypeOptions {
    returnNull: false;
  }
}
