import type { FastifyBaseLogger } from 'fastify';

/**
 * Captures every line the app's logger writes from now until `stop()`, at `level` (tests run the
 * app silent). It swaps the write of the logger's one destination stream, which every request's
 * child logger shares, so what is captured is exactly what production would write.
 */
export function captureLogs(logger: FastifyBaseLogger, level = 'info'): { text(): string; stop(): void } {
  const streamKey = Object.getOwnPropertySymbols(logger).find((symbol) => symbol.description === 'pino.stream');
  const stream = streamKey ? ((logger as unknown as Record<symbol, unknown>)[streamKey] as { write(chunk: string): boolean } | undefined) : undefined;
  if (!stream) throw new Error('the logger has no pino destination stream to capture');
  const write = stream.write;
  const previousLevel = logger.level;
  const lines: string[] = [];
  stream.write = (chunk: string) => {
    lines.push(String(chunk));
    return true;
  };
  logger.level = level;
  return {
    text: () => lines.join(''),
    stop() {
      stream.write = write;
      logger.level = previousLevel;
    },
  };
}
