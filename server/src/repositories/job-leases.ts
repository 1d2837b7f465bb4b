import type { Db } from '../db/database.js';

/** Leases of jobs that run on one node at a time (migration 0015). */
export function jobLeasesRepository(db: Db) {
  return {
    /**
     * Takes the job's lease for `node` until `until` when nobody holds it, its holder's time is up,
     * or `node` holds it already (then it is extended). One statement: of two nodes asking at once,
     * one gets it (PostgreSQL re-reads the row the other wrote before deciding; SQLite has one writer).
     */
    async acquire(name: string, node: string, at: string, until: string): Promise<boolean> {
      const taken = await db
        .insertInto('job_leases')
        .values({ name, held_by: node, held_until: until })
        .onConflict((conflict) =>
          conflict
            .column('name')
            .doUpdateSet({ held_by: node, held_until: until })
            .where((eb) => eb.or([eb('job_leases.held_until', '<=', at), eb('job_leases.held_by', '=', node)])),
        )
        .returning('name')
        .executeTakeFirst();
      return taken !== undefined;
    },
  };
}

export type JobLeasesRepository = ReturnType<typeof jobLeasesRepository>;
