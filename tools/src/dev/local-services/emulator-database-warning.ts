/**
 * What `npm start` says when staff sign in through the Auth emulator (no FIREBASE_PROJECT_ID) while the API uses a
 * database of the user's (DATABASE_URL) rather than the embedded one: the emulator's tokens are unsigned, so any
 * program on this machine, or a web page that gets around the API's Host check, can read, export and erase every lead
 * of that database. A warning, not a refusal: running a copy of real data locally is legitimate once its owner knows.
 */
export function emulatorDatabaseWarning(emulated: boolean, databaseUrl: string | undefined): string | undefined {
  if (!emulated || !databaseUrl) return undefined;
  let database = 'DATABASE_URL';
  try {
    const url = new URL(databaseUrl);
    database = `${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`;
  } catch {
    // An unreadable URL is named by the setting alone (loadConfig refuses it later anyway).
  }
  const rule = '!'.repeat(100);
  return [
    rule,
    `WARNING: staff sign-in is EMULATED (unsigned tokens) on the database ${database}, not the embedded one.`,
    'Anybody who reaches the API on this machine can read, export and erase every lead in it with a token anyone can write.',
    'Use it with demo data only, or set FIREBASE_PROJECT_ID (a real Firebase project) to sign staff in for real.',
    rule,
  ].join('\n');
}
