import { EVV_EXPORT_MAX_DAYS, evvExportQuerySchema } from '../../domain/evv-export';
import { callerOf } from '../auth/authenticate';
import { createPhiBox } from '../crypto/phi-box';
import type { RoutesPlugin } from '../http/plugin';
import { evvColumnsMarkdown, evvExportColumns } from './columns';
import { evvCsv } from './csv';
import { EVV_EXPORT_MAX_VISITS } from './queries';
import { EVV_EXPORT_ENTITY, EVV_EXPORTED, exportEvv } from './service';

const description = `The agency's electronic visit verification for a state aggregator: one row per visit it had checked in between \`from\` and \`to\` (inclusive, days in the agency's time zone — its account's, else America/Chicago — at most ${EVV_EXPORT_MAX_DAYS} days, at most ${EVV_EXPORT_MAX_VISITS} visits), oldest first. \`format=csv\` (default) answers text/csv with a header row of the column keys (RFC 4180; text cells starting with = + - @ are prefixed with '); \`format=json\` answers \`{ from, to, columns, visits }\`, each visit an object with these keys (null where empty). Both are attachments. Patient information: needs an approved agency at aal2; every export is audited.

Columns, in order:
${evvColumnsMarkdown()}`;

/** GET /api/agency/evv-export: the agency's own visits only (the query is scoped to it). */
export const evvExportRoutes: RoutesPlugin = async (app, deps) => {
  const serviceDeps = { database: deps.database, phiBox: createPhiBox(deps.secrets.phiKey) };

  app.get(
    '/agency/evv-export',
    {
      schema: { tags: ['visits'], summary: 'EVV export (21st Century Cures Act elements, exceptions and reasons) as CSV or JSON', description, querystring: evvExportQuerySchema },
      config: { auth: { roles: ['agency'], approved: true, aal2: true, audit: { action: EVV_EXPORTED, entityType: EVV_EXPORT_ENTITY } } },
    },
    async (request, reply) => {
      const { query } = request;
      const rows = await exportEvv(serviceDeps, { ...callerOf(request), query });
      const name = `carerelay-evv-${query.from}-to-${query.to}.${query.format}`;
      reply.header('content-disposition', `attachment; filename="${name}"`).header('cache-control', 'no-store');
      if (query.format === 'json') {
        return reply
          .header('content-type', 'application/json; charset=utf-8')
          .send(JSON.stringify({ from: query.from, to: query.to, columns: evvExportColumns, visits: rows }));
      }
      return reply.header('content-type', 'text/csv; charset=utf-8').send(evvCsv(rows));
    },
  );
};
