/** The staff page's own stylesheet (gatsby-node splits it off; gatsby-ssr places it after the site's). */
export const STAFF_STYLESHEET = 'staff-styles';

/** The staff page in every language (/staff/, /en/staff/, …): its own document and its own security headers. */
export const STAFF_PATH = /^\/(?:(?:en|de|it|fr)\/)?staff(?:\/|$)/;
