import pg from 'pg';

/**
 * The schema the test databases keep their tables in: not `public`, so every suite also
 * proves the app finds its tables through the connection's search_path.
 */
export const TEST_SCHEMA = 'portico_test';

/** DATABASE_URL with another database name. */
export function databaseUrlOf(database: string): string {
  const url = new URL(process.env.DATABASE_URL ?? '');
  url.pathname = `/${database}`;
  return url.href;
}

/** One statement over a short-lived connection to DATABASE_URL's own database. */
export async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  // A server that drops the connection must not take the test process with it.
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
