/** One Worker (and local backend) for the whole Worker test run, stopped when it ends. */
import { startWorker } from "./worker.ts";

export default async function setup(): Promise<() => Promise<void>> {
  const worker = await startWorker();
  return async () => {
    await worker.stop();
    if (process.env.WORKER_TEST_LOGS === "1") console.log(worker.output());
  };
}
