import { createLogger, migrateDatabase } from '@linksmate/platform';
import { databaseUrls, migrationsFolder, SERVICE_NAMES, servicesNamed } from './settings';
import type { Verb } from './verb';

export const migrateVerbs: Verb[] = [
  {
    words: ['migrate'],
    synopsis: '[service…] [--pending]',
    summary: "apply the services' database migrations (or list those pending)",
    help: [
      "Applies the migrations each named service's database lacks, as the service does at its start",
      'and its init container in Kubernetes (replicas migrating at the same moment take turns). With',
      '--pending, lists them and applies nothing.',
      `Services: ${SERVICE_NAMES.join(', ')} (default: all).`,
      'Databases: <SERVICE>_DATABASE_URL each, DATABASE_URL for one service in its pod, or --embedded.',
    ].join('\n'),
    options: { pending: { type: 'boolean' } },
    async run({ positionals, values, context }) {
      const services = servicesNamed(positionals);
      const urls = databaseUrls(services, context);
      const apply = !values.pending;
      // Warnings only: an unreachable database fails at once, said in the error.
      const logger = createLogger('ops', 'error');
      const results: Array<{ service: string; migrations: string[] }> = [];
      for (const service of services) {
        const target = {
          service,
          databaseUrl: urls.get(service)!,
          migrationsFolder: migrationsFolder(service),
        };
        results.push({ service, migrations: await migrateDatabase(target, { apply, logger, waitMs: 0 }) });
      }
      const verb = apply ? 'applied' : 'pending';
      return {
        data: results.map((r) => ({ service: r.service, [verb]: r.migrations })),
        text: results
          .map((r) =>
            r.migrations.length
              ? `${r.service}: ${r.migrations.length} ${verb}\n${r.migrations.map((m) => `  ${m}`).join('\n')}`
              : `${r.service}: ${apply ? 'up to date, nothing applied' : 'nothing pending'}`,
          )
          .join('\n'),
      };
    },
  },
];
