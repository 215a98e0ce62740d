import { apiProblem, blocksAccount, endsSession, refusalOf, signInError, tokenProblem } from './problems';

describe('a failed API call', () => {
  it.each([
    [{ code: 'UNAUTHENTICATED', reason: 'expired' }, 'expired'],
    [{ code: 'UNAUTHENTICATED', reason: 'emailNotVerified' }, 'emailNotVerified'],
    [{ code: 'UNAUTHENTICATED', reason: 'notConfigured' }, 'notConfigured'],
    [{ code: 'UNAUTHENTICATED', reason: 'missing' }, 'invalid'],
    [{ code: 'UNAUTHENTICATED', reason: 'invalid' }, 'invalid'],
    [{ code: 'FORBIDDEN' }, 'forbidden'],
    [{ code: 'NOT_FOUND' }, 'notFound'],
    [{ code: 'QUERY_TIMEOUT' }, 'timeout'],
    [{ code: 'BAD_USER_INPUT' }, 'refused'],
    [{ code: 'SERVICE_UNAVAILABLE' }, 'unavailable'],
    [{ code: 'INTERNAL_SERVER_ERROR' }, 'unavailable'],
  ])('%o is %s', (failure, problem) => {
    expect(apiProblem({ fieldErrors: {}, ...failure })).toBe(problem);
  });

  it('names no lead when the id in a link is not one', () => {
    expect(apiProblem({ code: 'BAD_USER_INPUT', fieldErrors: { id: [{ code: 'isUuid', message: 'id must be a UUID' }] } })).toBe(
      'notFound',
    );
    expect(apiProblem({ code: 'BAD_USER_INPUT', fieldErrors: { search: [{ code: 'maxLength', message: 'too long' }] } })).toBe('refused');
  });

  it('says what the API refused in its own words: every field’s message, else the error’s', () => {
    const fieldErrors = {
      filter: [{ code: 'maxRows', message: 'filter: 62000 leads match; narrow the filter to 50000 or fewer' }],
      search: [{ code: 'maxLength', message: 'search must be 100 characters or fewer' }],
    };
    expect(refusalOf({ code: 'BAD_USER_INPUT', fieldErrors }, 'Invalid input: filter, search')).toBe(
      'filter: 62000 leads match; narrow the filter to 50000 or fewer; search must be 100 characters or fewer',
    );
    expect(refusalOf({ code: 'BAD_USER_INPUT', fieldErrors: {} }, 'Variable "$first" got invalid value 500')).toBe(
      'Variable "$first" got invalid value 500',
    );
  });

  it('ends the session, blocks the account, or is shown where it happened', () => {
    expect(['expired', 'invalid'].every((problem) => endsSession(problem as never))).toBe(true);
    expect(['forbidden', 'emailNotVerified', 'notConfigured'].every((problem) => blocksAccount(problem as never))).toBe(true);
    expect(endsSession('network') || blocksAccount('network') || endsSession('notFound') || blocksAccount('notFound')).toBe(false);
  });
});

describe('a token Firebase could not give', () => {
  it('is an expired session, a refused one, or no network', () => {
    expect(tokenProblem('auth/user-token-expired')).toBe('expired');
    expect(tokenProblem('auth/user-disabled')).toBe('invalid');
    expect(tokenProblem('auth/network-request-failed')).toBe('network');
  });
});

describe('a failed sign-in', () => {
  const firebaseError = (code: string) => Object.assign(new Error(`Firebase: Error (${code}).`), { code });

  it('says the email or password is wrong, whichever Firebase reports', () => {
    for (const code of ['auth/invalid-credential', 'auth/wrong-password', 'auth/user-not-found', 'auth/invalid-email']) {
      expect(signInError(firebaseError(code))).toBe('credentials');
    }
  });

  it('names throttling, a disabled account, a blocked window and the network', () => {
    expect(signInError(firebaseError('auth/too-many-requests'))).toBe('tooMany');
    expect(signInError(firebaseError('auth/user-disabled'))).toBe('disabled');
    expect(signInError(firebaseError('auth/popup-blocked'))).toBe('popupBlocked');
    expect(signInError(firebaseError('auth/network-request-failed'))).toBe('network');
  });

  it('says nothing when the person closed Google’s window, and something general otherwise', () => {
    expect(signInError(firebaseError('auth/popup-closed-by-user'))).toBeNull();
    expect(signInError(firebaseError('auth/internal-error'))).toBe('failed');
    expect(signInError(new TypeError('Failed to fetch'))).toBe('failed');
  });
});
