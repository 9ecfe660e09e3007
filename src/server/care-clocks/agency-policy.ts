import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { approvedAgency, callerOf } from '../auth/authenticate';
import { writeAudit } from '../audit/write-audit';
import { inTransaction, type Database } from '../db/client';
import { agencyProfiles } from '../db/schema/index';
import type { RoutesPlugin } from '../http/plugin';
import type { Caller } from '../use-case';

/**
 * The agency's own care rules, stricter than its state's (care-clock-rules.ts `AgencyCareClockPolicy`):
 * for now whether the supervising PT or OT must co-sign every assistant's note. The care clocks read
 * it from agency_profiles.requires_co_signature. Only the agency itself reads or changes it.
 */

export const agencyCarePolicySchema = z.object({
  requiresCoSignature: z.boolean({ message: 'requiresCoSignature must be true or false.' }),
});
export type AgencyCarePolicy = z.infer<typeof agencyCarePolicySchema>;

export const CARE_POLICY_UPDATED = 'agency.care_policy_updated';

async function readPolicy(database: Database, agencyId: string): Promise<AgencyCarePolicy> {
  const [row] = await database.db.select({ requiresCoSignature: agencyProfiles.requiresCoSignature }).from(agencyProfiles).where(eq(agencyProfiles.id, agencyId));
  if (!row) throw new Error(`agency ${agencyId} has no agency profile`);
  return row;
}

async function savePolicy(database: Database, { actor, client, input }: Caller & { input: AgencyCarePolicy }): Promise<AgencyCarePolicy> {
  await inTransaction(database, async ({ tx }) => {
    await tx.update(agencyProfiles).set({ requiresCoSignature: input.requiresCoSignature }).where(eq(agencyProfiles.id, actor.userId));
    await writeAudit(tx, {
      actorUserId: actor.userId,
      action: CARE_POLICY_UPDATED,
      entityType: 'agency',
      entityId: undefined,
      outcome: 'success',
      ipAddress: client.ipAddress,
      userAgent: client.userAgent,
      details: { requiresCoSignature: input.requiresCoSignature },
    });
  });
  return readPolicy(database, actor.userId);
}

export const agencyCarePolicyRoutes: RoutesPlugin = async (app, deps) => {
  app.get(
    '/agency/care-policy',
    {
      schema: { tags: ['agency'], summary: "The agency's own care rules: whether assistants' notes need the supervising therapist's co-signature", response: { 200: agencyCarePolicySchema } },
      config: { auth: approvedAgency },
    },
    async (request) => readPolicy(deps.database, request.actor.userId),
  );
  app.put(
    '/agency/care-policy',
    {
      schema: {
        tags: ['agency'],
        summary: "Sets the agency's own care rules (stricter than its state's): co-signature of assistants' notes by the supervising PT or OT",
        body: agencyCarePolicySchema,
        response: { 200: agencyCarePolicySchema },
      },
      config: { auth: approvedAgency },
    },
    async (request) => savePolicy(deps.database, { ...callerOf(request), input: request.body }),
  );
};
