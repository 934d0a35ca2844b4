// `npm run seed -w @app/api`: fills an empty database (DATABASE_URL, like the server) with the demo
// data and prints the logins. Does nothing to a database that already has accounts.
import { parseDatabaseUrl } from '../config';
import { createDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { formatDemoLogins, seedDemoData } from '../db/seed';
import { findRepoRoot, invocationDir } from '../paths';

if (process.env.NODE_ENV === 'production') {
  console.error('Demo data is never seeded when NODE_ENV=production.');
  process.exit(2);
}
const db = createDatabase(
  parseDatabaseUrl(process.env.DATABASE_URL?.trim() || undefined, `${findRepoRoot()}/data`, invocationDir()),
);
try {
  await migrateToLatest(db);
  const { seeded } = await seedDemoData(db);
  console.info(
    seeded
      ? `Demo data created.\n${formatDemoLogins()}`
      : 'The database already has accounts: nothing was seeded.',
  );
} finally {
  await db.destroy();
}
