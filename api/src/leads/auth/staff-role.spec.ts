import { staffAccess, type StaffCandidate, type StaffRules } from './staff-role';

const rules: StaffRules = { STAFF_EMAIL_DOMAINS: ['segmentia.es'], STAFF_SIGN_IN_PROVIDERS: ['google.com', 'password'] };
const token = (candidate: Partial<StaffCandidate>): StaffCandidate => ({
  email: 'ana@segmentia.es',
  emailVerified: true,
  claims: {},
  signInProvider: 'google.com',
  ...candidate,
});

describe('staffAccess', () => {
  it('lets in the sales role, and a verified address of STAFF_EMAIL_DOMAINS (any case) without it', () => {
    expect(staffAccess(token({ email: 'leo@agencia.example', claims: { role: 'sales' } }), rules)).toEqual({ staff: true, why: 'role' });
    expect(staffAccess(token({ email: 'Ana@Segmentia.ES' }), rules)).toEqual({ staff: true, why: 'domain' });
    expect(staffAccess(token({ emailVerified: false }), rules)).toEqual({ staff: false, why: 'none' });
    expect(staffAccess(token({ email: 'ana@segmentia.es.evil.example' }), rules)).toEqual({ staff: false, why: 'none' });
  });

  it('shuts out an account with the deny claim staff: false, its domain or its role notwithstanding', () => {
    expect(staffAccess(token({ claims: { staff: false } }), rules)).toEqual({ staff: false, why: 'denied' });
    expect(staffAccess(token({ claims: { staff: false, role: 'sales' } }), rules)).toEqual({ staff: false, why: 'denied' });
    // Only an explicit false denies.
    expect(staffAccess(token({ claims: { staff: 'false' } }), rules)).toEqual({ staff: true, why: 'domain' });
  });

  it('takes a token signed in only through STAFF_SIGN_IN_PROVIDERS', () => {
    expect(staffAccess(token({ signInProvider: 'password', claims: { role: 'sales' } }), rules)).toMatchObject({ staff: true });
    for (const provider of ['custom', 'anonymous', 'microsoft.com', '']) {
      expect(staffAccess(token({ signInProvider: provider, claims: { role: 'sales' } }), rules)).toEqual({ staff: false, why: 'provider' });
    }
    expect(staffAccess(token({ signInProvider: 'microsoft.com' }), { ...rules, STAFF_SIGN_IN_PROVIDERS: ['microsoft.com'] })).toEqual({
      staff: true,
      why: 'domain',
    });
    // An account listed (no session) has no provider to judge.
    expect(staffAccess(token({ signInProvider: undefined }), rules)).toEqual({ staff: true, why: 'domain' });
  });
});
