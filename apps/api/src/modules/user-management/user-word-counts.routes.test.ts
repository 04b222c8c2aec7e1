import { accountUserListSchema } from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import { appPerSuite, bearersBeforeAll } from '../../../test/suite-app.js';
import { routeDatabaseKinds } from '../../../test/test-db.js';

// ADR 0055 addendum: X-Total-Count of a one-word query comes from stored counts (migration
// 024) and must stay what the account really holds, counted here from the users' own words,
// through renames that give a user several words with the word's beginning, status and role
// changes, deletions and inserts by plain SQL.

const WORDS = ['a', 'an', 'anna', 'lind', 'lars', 'larsens', 'northwind', 'portico', 'q', 'zz'];
const FILTERS = ['', '&status=Pending', '&status=Active&role=standard', '&role=read-only'];

describe.each(routeDatabaseKinds())('user list word counts over %s', (kind) => {
  const t = appPerSuite(kind);
  const auth = bearersBeforeAll(t, 'anna');

  /** Users of anna's account with a word beginning with `word`, from users.search itself. */
  async function counted(word: string, filter: string): Promise<number> {
    const params = new URLSearchParams(filter);
    const { rows } = await t.db.query<{ n: number }>(
      `select count(*)::int as n from users u
        where u.account_id = 'acc-northwind'
          and ($2::text is null or u.status = $2) and ($3::text is null or u.role = $3)
          and exists (select 1 from unnest(u.search) w where starts_with(w.lexeme, $1))`,
      [word, params.get('status'), params.get('role')],
    );
    return rows[0]!.n;
  }

  async function listed(word: string, filter: string, page = 1) {
    const res = await t.app.inject({
      url: `/api/users?query=${encodeURIComponent(word)}${filter}&page=${page}`,
      headers: { authorization: auth.anna },
    });
    expect(res.statusCode, res.body).toBe(200);
    return {
      total: Number(res.headers['x-total-count']),
      ids: accountUserListSchema.parse(res.json()).map((u) => u.id),
    };
  }

  async function expectExact(): Promise<void> {
    for (const word of WORDS) {
      for (const filter of FILTERS) {
        const { total, ids } = await listed(word, filter);
        const expected = await counted(word, filter);
        expect(total, `${word}${filter}`).toBe(expected);
        expect(ids.length, `${word}${filter}`).toBe(Math.min(20, expected));
      }
    }
  }

  it('counts a one-word query exactly through renames, status, role, deletes and inserts', async () => {
    await expectExact();
    // Two words of one user begin with "lars" (and with "larsens"): still one user.
    await t.db.query(
      `update users set first_name = 'Larsensen', last_name = 'Larsen', status = 'Pending'
        where id in ('u-northwind-003', 'u-northwind-004')`,
    );
    await t.db.query(`update users set role = 'read-only' where id = 'u-northwind-005'`);
    await t.db.query(`update users set last_login_at = now() where id = 'u-northwind-003'`);
    await expectExact();

    await t.db.query(`delete from users where id = 'u-northwind-004'`);
    await t.db.query(
      `insert into users (id, email, first_name, last_name, account_id, username, status, role, permissions)
       values ('u-word-1', 'lars.annason@northwind.test', 'Lars', 'Annason', 'acc-northwind',
               'larsa', 'Active', 'standard', array['NEWS'])`,
    );
    await expectExact();
    // Past the last match the page is empty and the total still told.
    const lars = await counted('lars', '');
    expect(lars).toBeGreaterThan(1);
    expect(await listed('lars', '', 99)).toEqual({ total: lars, ids: [] });
  });

  it('pages a word’s matches by last login both ways as the users table orders them', async () => {
    const orders = {
      lastLogin: 'last_login_at nulls first, id',
      '-lastLogin': 'last_login_at desc nulls last, id desc',
    };
    for (const word of ['a', 'an', 'lars', 'northwind', 'portico']) {
      for (const [sort, order] of Object.entries(orders)) {
        for (const [filter, status] of [
          ['', null],
          ['&status=Active', 'Active'],
        ] as const) {
          for (const page of [1, 2]) {
            const { rows } = await t.db.query<{ id: string }>(
              `select id from users u
                where u.account_id = 'acc-northwind' and ($2::text is null or u.status = $2)
                  and exists (select 1 from unnest(u.search) w where starts_with(w.lexeme, $1))
                order by ${order} limit 20 offset ${(page - 1) * 20}`,
              [word, status],
            );
            const { ids } = await listed(word, `${filter}&sort=${sort}`, page);
            expect(ids, `${word} ${sort}${filter} page ${page}`).toEqual(rows.map((r) => r.id));
          }
        }
      }
    }
  });
});
