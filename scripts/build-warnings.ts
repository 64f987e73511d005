import { createLogger, type Logger, type Plugin } from 'vite';

/**
 * A build that warned fails (vite.config.ts): each warning is printed as Vite prints it, and once the
 * bundle is written the build stops with all of them, so a new one is fixed at its cause before it
 * lands instead of scrolling past among the chunk sizes.
 */
export function failOnBuildWarnings(): { logger: Logger; plugin: Plugin } {
  const logger = createLogger();
  const warnings: string[] = [];
  const seen = new Set<string>();
  const record = (message: string) => warnings.push(message.trim());
  return {
    logger: {
      ...logger,
      warn(message, options) {
        record(message);
        logger.warn(message, options);
      },
      warnOnce(message, options) {
        if (!seen.has(message)) record(message);
        seen.add(message);
        logger.warnOnce(message, options);
      },
    },
    plugin: {
      name: 'sahifa-fail-on-build-warnings',
      apply: 'build',
      closeBundle() {
        if (warnings.length === 0) return;
        const list = warnings.map((warning) => `  - ${warning}`).join('\n');
        throw new Error(`the build warned ${warnings.length} time(s); fix the cause:\n${list}`);
      },
    },
  };
}
