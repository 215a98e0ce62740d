import { emulatorDatabaseWarning } from './emulator-database-warning';

describe('emulatorDatabaseWarning', () => {
  it('warns when the emulator serves a database of the user’s, naming it without its password', () => {
    const warning = emulatorDatabaseWarning(true, 'postgresql://segmentia:s3cret@db.internal:5432/segmentia_copy');
    expect(warning).toMatch(/EMULATED.*db\.internal:5432\/segmentia_copy/);
    expect(warning).toMatch(/FIREBASE_PROJECT_ID/);
    expect(warning).not.toMatch(/s3cret/);
  });

  it('says nothing with the embedded database or a real Firebase project', () => {
    expect(emulatorDatabaseWarning(true, undefined)).toBeUndefined();
    expect(emulatorDatabaseWarning(false, 'postgresql://db.internal/segmentia')).toBeUndefined();
  });
});
