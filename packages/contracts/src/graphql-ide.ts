/**
 * The messages by which the API's GraphQL IDE, opened from the staff page,
 * asks it for its session's ID token (window.postMessage, both ways checked
 * by origin and window).
 */
export const STAFF_TOKEN_REQUEST = 'segmentia:staff-token-request';
export const STAFF_TOKEN_ANSWER = 'segmentia:staff-token';

export interface StaffTokenRequest {
  type: typeof STAFF_TOKEN_REQUEST;
  id: string;
}
