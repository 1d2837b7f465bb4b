import type { Db } from '../db/database.js';

/**
 * The ids of the companies a user belongs to, as a subquery: every company-owned query filters
 * with `where('company_id', 'in', memberCompanyIds(db, userId))`, so another company's rows are
 * never read (and answer 404, exactly like rows that do not exist).
 */
export function memberCompanyIds(db: Db, userId: string) {
  return db.selectFrom('company_members').select('company_members.company_id').where('company_members.user_id', '=', userId);
}
