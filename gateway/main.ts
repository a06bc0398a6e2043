/**
 * `npm run gateway -- <command>`: serve the team gateway, or administer it (members, usage, erasure, team name).
 * See gateway/README.md.
 */
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { runCommand, USAGE, UsageError } from './cli/commands';
import { databaseTarget, serviceConfig } from './cli/config';
import { runRemote, serveAdmin } from './cli/remote';
import { readSecretInputs } from './cli/secret-input';
import { migrate, SCHEMA_VERSION } from './db/migrations';
import { openDatabase } from './db/open';
import { advertiseAdmin, readFolderLock } from './db/pglite';
import { keepTeamRetention } from './retention';
import { resealDestinations, sealerFromEnv } from './sealed-keys';
import { startGateway } from './server/serve';
import { readTeam } from './team';
import { createUpstream } from './upstream';

const out = (line: string) => process.stdout.write(`${line}\n`);
const err = (line: string) => process.stderr.write(`${line}\n`);

async function serveCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    allowPositionals: false,
    options: { port: { type: 'string', default: '8788' }, host: { type: 'string', default: '127.0.0.1' } },
  });
  if (!/^\d+$/.test(values.port!) || Number(values.port) > 65_535) {
    throw new UsageError(`--port takes a port number (0 for any free one); got "${values.port}".`);
  }
  const service = serviceConfig(process.env);
  const sealer = sealerFromEnv(process.env);
  const target = databaseTarget(process.env);
  const db = await openDatabase(target);
  const applied = await migrate(db);
  // Keys kept in clear by an earlier version, or sealed with the previous key while rotating, are sealed anew.
  const resealed = await resealDestinations(db, sealer).catch(async (error) => {
    await db.close();
    throw error;
  });
  const upstream = createUpstream({ baseUrl: service.baseUrl, apiKey: service.apiKey });
  const gateway = await startGateway({
    db,
    upstream,
    serviceKey: service.apiKey,
    sealer,
    port: Number(values.port),
    host: values.host!,
  });
  let admin: Awaited<ReturnType<typeof serveAdmin>> | undefined;
  if ('dataDir' in target) {
    admin = await serveAdmin(db, sealer);
    advertiseAdmin(target.dataDir, admin.url, admin.token);
  }
  const team = await readTeam(db);
  out(
    `Team gateway for ${team.name} on ${gateway.url} (API at ${gateway.url}/v1). Data: ${db.where}, schema ` +
      `version ${SCHEMA_VERSION}${applied.length ? ` (migrated now: ${applied.join(', ')})` : ''}. Service: ${service.baseUrl}.` +
      (resealed ? ` Destination keys sealed with the current SECRETS_KEY_FILE: ${resealed}.` : ''),
  );
  // The team's retention rules, applied to the team vault an hour apart (each run that removes someone is logged).
  const stopRetention = keepTeamRetention(db, gateway.context.log);
  const stop = async () => {
    stopRetention();
    await gateway.close();
    await admin?.close();
    await db.close();
    upstream.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

async function adminCommand(argv: string[]): Promise<number> {
  const target = databaseTarget(process.env);
  // Read here, before anything else: standard input belongs to this process, and a running gateway may run the command.
  const secrets = argv[0] === 'send' && argv[1] === 'set' ? await readSecretInputs(argv.slice(3)) : {};
  if ('dataDir' in target) {
    const holder = readFolderLock(target.dataDir);
    if (holder?.adminUrl) {
      const result = await runRemote(holder, argv, secrets);
      if (result.error) {
        err(result.error);
        return 1;
      }
      for (const line of result.lines ?? []) out(line);
      return 0;
    }
  }
  const sealer = sealerFromEnv(process.env);
  const db = await openDatabase(target);
  try {
    await migrate(db);
    // Without the key, commands that hold no destination key still run; `send set` says what it needs.
    if (sealer) await resealDestinations(db, sealer);
    const { lines } = await runCommand(db, argv, new Date(), { sealer, secrets });
    for (const line of lines) out(line);
    return 0;
  } finally {
    await db.close();
  }
}

export async function main(argv: string[]): Promise<number> {
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
    out(USAGE);
    return 0;
  }
  try {
    if (argv[0] === 'serve') {
      await serveCommand(argv.slice(1));
      return -1; // keeps serving
    }
    return await adminCommand(argv);
  } catch (error) {
    err(error instanceof UsageError || error instanceof Error ? error.message : String(error));
    return error instanceof UsageError ? 2 : 1;
  }
}

const invokedDirectly = (() => {
  try {
    return import.meta.url === pathToFileURL(realpathSync(process.argv[1] ?? '')).href;
  } catch {
    return false;
  }
})();

if (invokedDirectly) {
  const code = await main(process.argv.slice(2));
  if (code >= 0) process.exitCode = code;
}
