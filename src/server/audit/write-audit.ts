import type { Db } from '../db/client';
import { auditLog } from '../db/schema/index';

export interface AuditEntry {
  actorUserId: string | null;
  action: string;
  entityType?: string;
  entityId?: string;
  outcome: 'success' | 'failure';
  ipAddress?: string | null;
  userAgent?: string | null;
  /** Never PHI or secrets: ids, reasons and codes only. */
  details?: Record<string, unknown>;
}

const rowOf = (entry: AuditEntry) => ({
  actorUserId: entry.actorUserId,
  action: entry.action,
  entityType: entry.entityType,
  entityId: entry.entityId,
  outcome: entry.outcome,
  ipAddress: entry.ipAddress ?? null,
  userAgent: entry.userAgent?.slice(0, 300) ?? null,
  details: entry.details,
});

/** Appends one audit row; pass the use case's transaction so the row commits with the change. */
export async function writeAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values(rowOf(entry));
}

/** Appends several rows in one statement (a list that shows many patients' names records each read). */
export async function writeAudits(db: Db, entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(auditLog).values(entries.map(rowOf));
}
