import { ConfigError, parseConfig } from './config/env';
import { createWashboard } from './app';
import { StartupError } from './startup-error';
import { startBanner } from './start-banner';

async function main(): Promise<void> {
  const config = parseConfig(process.env);
  const washboard = await createWashboard(config);
  const port = await washboard.listen();
  const url = `http://localhost:${port}`;
  washboard.app.log.info(`Washboard is ready on ${url}`);
  const { broker } = washboard;
  process.stdout.write(
    `\n${startBanner(
      { url, mqttUrl: broker.url, mqttKind: broker.kind, notes: washboard.startNotes, demoAccounts: washboard.demoAccounts },
      config.BRAND_HOSTS,
      config.DEFAULT_BRAND,
    )}\n\n`,
  );

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      washboard.app.log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    washboard.app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      washboard.app.log.error('shutdown took too long: exiting');
      process.exit(1);
    }, config.SHUTDOWN_GRACE_SECONDS * 1000);
    force.unref();
    washboard.close().then(
      () => {
        washboard.app.log.info('stopped cleanly');
        process.exit(0);
      },
      (error: unknown) => {
        washboard.app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof StartupError) {
    console.error(`Washboard cannot start.\n${error.message}`);
  } else {
    console.error('Washboard cannot start:', error);
  }
  process.exit(1);
});
