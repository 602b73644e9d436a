import { type Logger, pino } from 'pino';
import { redactLogObject, requestSerializers } from './http/log-redaction.js';

/**
 * The process's one logger: JSON lines, sensitive keys censored at any depth (`redactLogObject`)
 * and the Authorization header removed from request logs. The HTTP layer and background work
 * (credit jobs, statement analysis) log through it or its children. Request URLs are logged with
 * their query values censored.
 */
export function createLogger(level: string, destination?: NodeJS.WritableStream): Logger {
  return pino(
    {
      level,
      formatters: { log: redactLogObject },
      serializers: requestSerializers,
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
    },
    destination as pino.DestinationStream | undefined,
  );
}
