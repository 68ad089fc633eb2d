import { spawn, type ChildProcess } from 'child_process';
import * as net from 'net';

/** A TCP port free on loopback right now. */
export const freePort = (): Promise<number> =>
  new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/**
 * `ledger serve` (the launcher `cli`) on `store` at a free port, as a real process: resolves once it listens, rejects
 * with what it said if it exits first. The benches and the tests each give the launcher their build runs.
 */
export const serveProcess = async (cli: string, store: string): Promise<{ base: string; process: ChildProcess }> => {
  const port = await freePort();
  const child = spawn(process.execPath, [cli, 'serve', '--port', String(port), '--store', store], { stdio: ['ignore', 'ignore', 'pipe'] });
  let said = '';
  await new Promise<void>((resolve, reject) => {
    child.stderr.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      if (said.includes('listening')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${said}`)));
  });
  return { base: `http://127.0.0.1:${port}`, process: child };
};
