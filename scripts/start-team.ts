/**
 * `npm start -- --team`: a team gateway in front of the simulator, on PGlite in a temporary folder (nothing to
 * install), with two members of "Acme Recruiting", and one earlier reveal: Alice Smith has revealed the demo
 * profile's email through the gateway, so the team holds it. Chromium is then connected as Bob Lee, to whom that
 * email is free.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCommand } from '../gateway/cli/commands';
import { migrate } from '../gateway/db/migrations';
import { openDatabase } from '../gateway/db/open';
import { addMember } from '../gateway/members';
import { startGateway } from '../gateway/server/serve';
import { setTeamName } from '../gateway/team';
import { createUpstream } from '../gateway/upstream';

export interface DemoTeam {
  url: string;
  dataDir: string;
  keys: { alice: string; bob: string };
  /** A one-time link to sign in to the team console, as `npm run gateway -- admin link` prints it. */
  consoleLink(): Promise<string>;
  close(): Promise<void>;
}

/** Starts the gateway on `serviceUrl` with `serviceKey`, adds the two members, and makes Alice's reveal. */
export async function startDemoTeam(
  serviceUrl: string,
  serviceKey: string,
  socialUrl: string,
): Promise<DemoTeam> {
  const dataDir = mkdtempSync(join(tmpdir(), 'candidate-lens-team-'));
  const db = await openDatabase({ dataDir });
  await migrate(db);
  await setTeamName(db, 'Acme Recruiting');
  const alice = (await addMember(db, 'Alice Smith', { dailyCap: 200, monthlyCap: null })).key;
  const bob = (await addMember(db, 'Bob Lee', { dailyCap: 100, monthlyCap: 2000 })).key;
  const gateway = await startGateway({
    db,
    upstream: createUpstream({ baseUrl: serviceUrl, apiKey: serviceKey }),
    serviceKey,
    // The gateway's request log would interleave with the journey's lines.
    logSink: () => {},
  });
  const close = async () => {
    await gateway.close();
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const answer = await fetch(`${gateway.url}/v1/lookup`, {
    method: 'POST',
    headers: { 'x-api-key': alice, 'content-type': 'application/json' },
    body: JSON.stringify({ social_url: socialUrl, reveal_personal_email: true }),
  });
  if (!answer.ok) {
    await close();
    throw new Error(
      `Alice's reveal through the team gateway failed: HTTP ${answer.status} ${await answer.text()}`,
    );
  }
  const consoleLink = async () =>
    (await runCommand(db, ['admin', 'link', '--name', 'Dana Reyes', '--url', gateway.url])).lines.at(-1)!;
  return { url: gateway.url, dataDir, keys: { alice, bob }, consoleLink, close };
}
