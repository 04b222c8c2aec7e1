// Issue 26 (ADR 0046, addendum 2): the route-level suites run on one database, so what could
// differ between the two is checked here, on both: how each driver hands the column types
// the migrations use to JavaScript, and the connection's search_path.
import { describe, expect, it } from 'vitest';
import { dbPerSuite } from '../../test/suite-app.js';
import { databaseKinds } from '../../test/test-db.js';

describe.each(databaseKinds())('values from %s', (kind) => {
  const testDb = dbPerSuite(kind);

  it('come back as the same JavaScript values for every column type the migrations use', async () => {
    const { rows } = await testDb.db.query(
      `select 'text'::text as text, 7::smallint as small, 2147483647::int as int,
              9007199254740991::bigint as big, count(*) as counted, 12.50::numeric(10,2) as amount,
              true as yes, null::text as nothing,
              '2026-11-25T21:00:00.123Z'::timestamptz as at, '2026-11-25'::date as day,
              '{"a":[1,"b",null]}'::jsonb as doc, '\\x00ff'::bytea as bytes,
              array['x','y']::text[] as list, to_tsvector('simple', 'portal') as words
         from (values (1), (2)) as v(n)`,
    );
    const row = rows[0] ?? {};
    expect({ ...row, bytes: [...(row['bytes'] as Uint8Array)] }).toEqual({
      text: 'text',
      small: 7,
      int: 2147483647,
      big: 9007199254740991,
      counted: 2,
      amount: '12.50',
      yes: true,
      nothing: null,
      at: new Date('2026-11-25T21:00:00.123Z'),
      day: new Date('2026-11-25T00:00:00.000Z'),
      doc: { a: [1, 'b', null] },
      bytes: [0, 255],
      list: ['x', 'y'],
      words: "'portal':1",
    });
  });
});
