import { buildApp } from './app.js';
import { type AdminSocket, serveAdminSocket } from './cli/admin-socket.js';
import { commandRunner } from './cli/run.js';
import { ConfigError, loadConfig } from './config.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { ensureDevClient } from './dev-client.js';
import { createServices } from './services.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  });
  await migrateToLatest(database.db);
  const services = await createServices(config, database);
  const app = await buildApp(services);

  let admin: AdminSocket | undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'draining in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    force.unref();
    // Stops taking commands now; one still running (a backup) is awaited after HTTP has drained.
    const adminClosed = admin?.close();
    await app.close();
    await adminClosed;
    await services.stop();
    await database.close();
    app.log.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  if (database.kind === 'pglite') {
    // The data directory admits this process only: `lendsight` commands come through this socket.
    const run = commandRunner(database, config, (command, code) => app.log.info({ command, code }, 'admin command'));
    const onError = (err: Error) => app.log.error({ err }, 'admin socket');
    admin = await serveAdminSocket(config.dataDir, run, onError).catch((err: Error) => {
      app.log.warn({ err }, 'no admin socket: lendsight commands need the server stopped');
      return undefined;
    });
  }
  if (config.devClientOnFirstStart) {
    const banner = await ensureDevClient(database.db, app.server.address(), config);
    if (banner) process.stdout.write(banner);
  }
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    process.stderr.write(`lendsight: ${err.message}\n`);
  } else {
    process.stderr.write(
      `lendsight: failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
  }
  process.exit(1);
});
