import { CRAWLER_AGENT, DEFAULT_LOCALE, LANGUAGE_COOKIE, LOCALE_CODES } from '@segmentia/contracts/locales';
import type { LocaleCode } from '@segmentia/contracts/locales';

// The rule is written once, in packages/contracts/src/locales.ts, which npm start's site server follows too.
export { CRAWLER_AGENT, preferredLanguage } from '@segmentia/contracts/locales';
const REDIRECTED_KEY = 'segmentia-language-redirected';

/** Remembers an explicit choice of language for a year. */
export function rememberLanguage(code: LocaleCode): void {
  document.cookie = `${LANGUAGE_COOKIE}=${code}; Max-Age=${365 * 24 * 60 * 60}; Path=/; SameSite=Lax`;
}

/**
 * For a static host that cannot decide at the server (npm start's site server
 * and nginx send `/` to the visitor's language with a 302 before anything is
 * sent): the same rule, as an inline script at the top of `/`'s <head>, which
 * runs before the page is painted. Once per session (sessionStorage); only a
 * visit that enters the site; never for a crawler.
 */
export const LANGUAGE_REDIRECT_SNIPPET = `(function(){try{
if(location.pathname!=='/'||${CRAWLER_AGENT}.test(navigator.userAgent)||sessionStorage.getItem('${REDIRECTED_KEY}'))return;
sessionStorage.setItem('${REDIRECTED_KEY}','1');
if(document.referrer&&new URL(document.referrer).host===location.host)return;
var codes=${JSON.stringify(LOCALE_CODES)},
m=/(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]+)/.exec(document.cookie),c=m&&codes.indexOf(m[1])>=0?m[1]:null;
var l=navigator.languages||[navigator.language];
for(var i=0;!c&&i<l.length;i++){var x=String(l[i]).toLowerCase().split('-')[0];if(codes.indexOf(x)>=0)c=x;}
if(c&&c!=='${DEFAULT_LOCALE}')location.replace('/'+c+'/'+location.search+location.hash);
}catch(e){}})();`.replace(/\n/g, '');
