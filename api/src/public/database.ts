/** The API's database: its client, its migrations, its least-privileged role and the catalogue's seed. */
export { PrismaService } from '../prisma/prisma.service';
export { deployMigrations } from '../database/migrations';
export { API_ROLE, renewApiRolePassword } from '../database/api-role';
export { seed } from '../../prisma/seed';
export { AUDIENCES, COUNTRIES, TOPICS } from '../../prisma/seed/catalog';
