/** The explorer's search, in characters: the API's validation and the site's field both read these. */
export const SEARCH_LIMITS = { min: 2, max: 60 } as const;
