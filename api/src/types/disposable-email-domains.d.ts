/** The list's JSON array of throwaway-mail domains (the package ships no types). */
declare module 'disposable-email-domains' {
  const domains: string[];
  export = domains;
}
