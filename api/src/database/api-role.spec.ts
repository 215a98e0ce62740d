import { apiRoleUrl } from './api-role';

describe('apiRoleUrl', () => {
  it("keeps the server, database and parameters, with the API's role and its password as the user", () => {
    expect(apiRoleUrl('postgresql://segmentia:secret@db.internal:5433/segmentia?schema=public&sslmode=require', 'f00d')).toBe(
      'postgresql://segmentia_api:f00d@db.internal:5433/segmentia?schema=public&sslmode=require',
    );
  });
});
