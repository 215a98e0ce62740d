/**
 * Firebase's own Authentication emulator (npm firebase-tools, `emulators:start
 * --only auth`: Node.js only, no Java, no network, no UI), for staff sign-in
 * on a machine without a Firebase project: `npm start` and the browser tests
 * run it. Its accounts live as long as it runs; its tokens are unsigned, which
 * the API accepts only with FIREBASE_AUTH_EMULATOR_HOST outside production.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_PROJECT_ID } from '@segmentia/contracts/staff';
import { launch, waitFor } from '../../common/managed-process';

export { DEMO_PROJECT_ID };

export interface AuthEmulatorPorts {
  /** The emulator's own port (FIREBASE_AUTH_EMULATOR_HOST). */
  auth: number;
  /** Its hub's and its logging's ports, which firebase-tools always opens. */
  hub: number;
  logging: number;
}

export interface AuthEmulator {
  projectId: string;
  /** host:port, as FIREBASE_AUTH_EMULATOR_HOST takes it. */
  host: string;
  /** http://host:port, as the web SDK's connectAuthEmulator takes it. */
  url: string;
  stop(): Promise<void>;
}

/** The emulator's address on this machine, from its port: as the API (host) and the web SDK (url) take it. */
export function emulatorAddress(port: number): Pick<AuthEmulator, 'host' | 'url'> {
  const host = `127.0.0.1:${port}`;
  return { host, url: `http://${host}` };
}

const FIREBASE_CLI = require.resolve('firebase-tools/lib/bin/firebase.js');

export async function startAuthEmulator(ports: AuthEmulatorPorts, projectId = DEMO_PROJECT_ID): Promise<AuthEmulator> {
  // firebase-tools reads firebase.json from its working folder and writes its debug log there.
  const folder = mkdtempSync(path.join(os.tmpdir(), 'segmentia-auth-emulator-'));
  const config = {
    emulators: {
      auth: { host: '127.0.0.1', port: ports.auth },
      hub: { host: '127.0.0.1', port: ports.hub },
      logging: { host: '127.0.0.1', port: ports.logging },
      ui: { enabled: false },
      singleProjectMode: true,
    },
  };
  writeFileSync(path.join(folder, 'firebase.json'), JSON.stringify(config));
  const logFile = path.join(folder, 'emulator.log');
  const emulator = launch(
    'the Firebase Auth emulator',
    process.execPath,
    [FIREBASE_CLI, 'emulators:start', '--only', 'auth', '--project', projectId],
    logFile,
    // No update check, no usage report: the machine may have no network at all.
    { ...process.env, CI: 'true', FIREBASE_CLI_EXPERIMENTS: '', NO_UPDATE_NOTIFIER: '1' },
    folder,
  );
  const { host, url } = emulatorAddress(ports.auth);
  const stop = async () => {
    await emulator.stop('SIGINT');
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    await waitFor('the Firebase Auth emulator', async () => (await fetch(url)).ok, 60_000, emulator);
  } catch (error) {
    await stop();
    throw error;
  }
  return { projectId, host, url, stop };
}
