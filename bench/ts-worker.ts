import { Worker } from 'node:worker_threads';

/**
 * Runs a TypeScript module of the benchmarks in a worker thread with `data` as its workerData, and
 * resolves with the one message it posts back. A worker does not inherit tsx's loader from the
 * thread that starts it, so it registers the loader before importing the module.
 */
export function runWorker<T>(module: URL, data: unknown): Promise<T> {
  const start = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(module.href)}); })`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(start, { eval: true, workerData: data });
    worker.once('message', (result: T) => resolve(result));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the worker ${module.pathname} exited with code ${code} before reporting`)));
  });
}
