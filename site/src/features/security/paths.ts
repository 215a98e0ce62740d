/** The staff page in every language (/staff/, /en/staff/, …): its own document and its own security headers. */
export const STAFF_PATH = /^\/(?:(?:en|de|it|fr)\/)?staff(?:\/|$)/;
