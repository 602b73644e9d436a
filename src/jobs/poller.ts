/**
 * A background loop over a durable queue: runs `round` (claim due rows; answers how many), again at
 * once while there was work, else after `intervalMs`. The queue worker (`queue-worker.ts`) under the
 * credit job runner and the webhook dispatcher runs on it.
 */
export interface Poller {
  start(): void;
  /** Polls now instead of at the next interval (something was just queued); during a round, polls again after it. */
  wake(): void;
  /** Stops polling and waits for the round in progress to end. */
  stop(): Promise<void>;
}

export function createPoller(
  round: () => Promise<number>,
  intervalMs: number,
  onError: (err: unknown) => void = () => {},
): Poller {
  let running = false;
  let loop: Promise<void> | undefined;
  let wakeUp: (() => void) | undefined;
  let wokenDuringRound = false;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref(); // an idle poller never keeps the process alive
      function done() {
        clearTimeout(timer);
        wakeUp = undefined;
        resolve();
      }
      wakeUp = done;
    });

  return {
    start() {
      if (running) return;
      running = true;
      loop = (async () => {
        while (running) {
          let worked = 0;
          wokenDuringRound = false;
          try {
            worked = await round();
          } catch (err) {
            onError(err);
          }
          if (running && worked === 0 && !wokenDuringRound) await sleep(intervalMs);
        }
      })();
    },
    wake() {
      if (wakeUp) wakeUp();
      else wokenDuringRound = true;
    },
    async stop() {
      running = false;
      wakeUp?.();
      await loop;
    },
  };
}
