const initializeApp = jest.fn(() => ({ name: 'app' }));
const getAnalytics = jest.fn(() => ({ app: 'analytics' }));
const isSupported = jest.fn(async () => false);
const setAnalyticsCollectionEnabled = jest.fn();
const deleteApp = jest.fn(async () => undefined);
jest.mock('firebase/app', () => ({ initializeApp, deleteApp }));
jest.mock('firebase/analytics', () => ({ getAnalytics, isSupported, setAnalyticsCollectionEnabled }));

const CONFIGURED = {
  GATSBY_FIREBASE_API_KEY: 'key',
  GATSBY_FIREBASE_APP_ID: '1:2:web:3',
  GATSBY_FIREBASE_MEASUREMENT_ID: 'G-TEST',
  GATSBY_FIREBASE_PROJECT_ID: 'segmentia',
};

/** The client as a fresh module, built with these settings. */
function loadClient(settings: Record<string, string>): typeof import('./analytics-client') {
  Object.assign(process.env, settings);
  let client!: typeof import('./analytics-client');
  jest.isolateModules(() => {
    client = jest.requireActual('./analytics-client');
  });
  return client;
}

describe('the analytics client', () => {
  const originalEnv = { ...process.env };
  afterEach(() => {
    process.env = { ...originalEnv };
    jest.clearAllMocks();
    jest.restoreAllMocks();
  });

  it('logs "Analytics not supported" and goes on without it where the browser cannot run it', async () => {
    const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    isSupported.mockResolvedValueOnce(false);
    await expect(loadClient(CONFIGURED).startAnalytics()).resolves.toBeUndefined();
    expect(log).toHaveBeenCalledWith('Analytics not supported');
    expect(getAnalytics).not.toHaveBeenCalled();
  });

  it('starts Firebase Analytics where it is supported, and turns collection off when revoked', async () => {
    isSupported.mockResolvedValueOnce(true);
    const client = loadClient(CONFIGURED);
    await expect(client.startAnalytics()).resolves.toEqual({ app: 'analytics' });
    expect(initializeApp).toHaveBeenCalledWith(expect.objectContaining({ apiKey: 'key', measurementId: 'G-TEST' }));
    expect(setAnalyticsCollectionEnabled).toHaveBeenLastCalledWith({ app: 'analytics' }, true);
    // Firebase's own gtag.js element is taken out too.
    const gtag = { remove: jest.fn() };
    Object.assign(globalThis, { document: { querySelectorAll: (selector: string) => (selector.includes('gtag/js') ? [gtag] : []) } });
    await client.stopAnalytics();
    expect(setAnalyticsCollectionEnabled).toHaveBeenLastCalledWith({ app: 'analytics' }, false);
    // The app closes (and its database connections with it), so its IndexedDB databases can go.
    expect(deleteApp).toHaveBeenCalledWith('analytics');
    expect(gtag.remove).toHaveBeenCalled();
    Reflect.deleteProperty(globalThis, 'document');
  });

  it('loads nothing and only warns when it is not configured', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(loadClient({}).startAnalytics()).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('not configured'));
    expect(initializeApp).not.toHaveBeenCalled();
  });
});
