import type { Db } from '../db/db.js';
import { hashPassword } from '../lib/password.js';
import { seedAccounts } from './accounts.js';
import { seedCloud } from './cloud.js';
import { seedContent } from './content.js';
import { seedInvoices } from './invoices.js';
import { seedLabels } from './labels.js';
import { seedMySolutions } from './my-solutions.js';
import { seedNews } from './news.js';
import { seedProductDocuments } from './product-documents.js';
import { seedProducts } from './products.js';
import { seedSearch } from './search.js';
import { seedSupportDesk } from './support-desk.js';
import { seedUserManagement } from './user-management.js';
import { DEMO_PASSWORD, demoUserIds, seedUsers } from './users.js';

// Hashing is slow on purpose; one hash serves all demo users and every seed in this process
// (test suites seed a fresh PostgreSQL schema per file).
let demoPasswordHash: Promise<string> | undefined;

async function isSeeded(db: Pick<Db, 'query'>): Promise<boolean> {
  const { rows } = await db.query('select 1 from users where id = any($1::text[]) limit 1', [
    demoUserIds,
  ]);
  return rows.length > 0;
}

/** Search content (issue 4) has its own check, so a database seeded before it gets it too. */
async function seedSearchContent(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    if (db.kind === 'postgres') await tx.query('select pg_advisory_xact_lock(727277)');
    await seedSearch(tx);
    await seedProductDocuments(tx); // issue 13: the documentation library, own check
  });
}

/** Cloud and invoices (issue 14) have their own checks too. */
async function seedCloudAndInvoices(db: Db, now: Date): Promise<void> {
  await seedCloud(db, now);
  await seedInvoices(db, now);
}

/**
 * Writes the demo data set (issue 2 §2/§3): vendor contacts and accounts, the four demo users,
 * products, content documents, labels and the demo news. Does nothing when the demo users
 * already exist, so it is safe on every start-up.
 */
export async function seedDemo(db: Db, now: Date = new Date()): Promise<void> {
  // The desk's and search's data have their own checks, so a database seeded before they
  // existed gets them too.
  const hashOnce = (): Promise<string> => {
    demoPasswordHash ??= hashPassword(DEMO_PASSWORD).catch((error: unknown) => {
      demoPasswordHash = undefined;
      throw error;
    });
    return demoPasswordHash;
  };
  if (await isSeeded(db)) {
    await seedSupportDesk(db, now);
    await seedCloudAndInvoices(db, now);
    await seedUserManagement(db, hashOnce, now);
    await seedMySolutions(db); // issue 13
    return seedSearchContent(db);
  }
  const passwordHash = await hashOnce();
  await db.transaction(async (tx) => {
    // Several API nodes may start at once against one PostgreSQL: let one seed, the rest wait.
    if (db.kind === 'postgres') await tx.query('select pg_advisory_xact_lock(727275)');
    if (await isSeeded(tx)) return;
    await seedAccounts(tx);
    await seedProducts(tx);
    await seedUsers(tx, passwordHash);
    await seedContent(tx);
    await seedLabels(tx);
    await seedNews(tx, now);
  });
  await seedSupportDesk(db, now);
  await seedCloudAndInvoices(db, now);
  await seedUserManagement(db, hashOnce, now);
  await seedMySolutions(db); // issue 13
  await seedSearchContent(db);
}
