import { parseArgs } from 'node:util';
import { createAgent } from './agent.js';
import { ConfigError, loadConfig, type AgentConfig } from './config.js';
import { createAndroidDriver } from './drivers/android.js';
import { createMacosDriver } from './drivers/macos.js';
import { createSimDriver } from './drivers/sim.js';
import type { Driver } from './drivers/types.js';
import { Journal } from './journal.js';
import { createStdoutLogger, type Logger } from './logger.js';
import { AGENT_VERSION } from './version.js';

/** `node agent.mjs [--config path]`: exit 0 when stopped, 1 on a bad config, 2 when the token is refused. */
const USAGE = `Prospector device agent ${AGENT_VERSION}

Usage: node agent.mjs [--config <path>]

  --config <path>  the agent's config file (default: ./agent.config.json)
  --version        print the version
  --help           print this help
`;

function createDriver(config: AgentConfig, journal: Journal, logger: Logger): Driver {
  switch (config.driver) {
    case 'sim':
      return createSimDriver(config.sim);
    case 'android':
      return createAndroidDriver(config.android, { cursorStore: journal, logger });
    case 'macos':
      return createMacosDriver(config.macos, { cursorStore: journal, logger });
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      config: { type: 'string', default: './agent.config.json' },
      help: { type: 'boolean', default: false },
      version: { type: 'boolean', default: false },
    },
  });
  if (values.help || values.version) {
    process.stdout.write(values.help ? USAGE : `${AGENT_VERSION}\n`);
    return 0;
  }

  let config: AgentConfig;
  let logger = createStdoutLogger();
  try {
    const loaded = loadConfig(values.config);
    config = loaded.config;
    logger = createStdoutLogger(config.logLevel);
    for (const warning of loaded.warnings) logger.warn(warning);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    logger.error(err.message);
    return 1;
  }

  logger.info(`Prospector device agent ${AGENT_VERSION}`, { driver: config.driver, node: process.version });
  const journal = Journal.open(config.journalPath, { durable: config.driver !== 'sim', logger });
  const driver = createDriver(config, journal, logger);
  const agent = createAgent({ config, driver, journal, logger });

  let signals = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    if (++signals > 1) process.exit(130); // a second Ctrl-C means now
    logger.info(`${signal}: stopping (finishing the text being sent)`);
    void agent.stop();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  await agent.start();
  const reason = await agent.stopped;
  journal.close();
  return reason === 'unauthorized' ? 2 : 0;
}

main().then(
  (code) => {
    process.exitCode = code;
    // Whatever is still pending (a DNS lookup, a child process) must not keep a stopped agent alive.
    setTimeout(() => process.exit(code), 1000).unref();
  },
  (err: unknown) => {
    process.stderr.write(
      `${new Date().toISOString()} ERROR agent crashed: ${err instanceof Error ? err.stack : err}\n`,
    );
    process.exit(1);
  },
);
