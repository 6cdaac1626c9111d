// Loaded into a server process the load and soak benchmarks start (`node --import`): once a second
// it tells the parent, over the IPC channel, the process's memory, open handles and event-loop delay
// since the last report. Nothing else of the server changes.
import { monitorEventLoopDelay } from "node:perf_hooks";

const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
setInterval(() => {
  const memory = process.memoryUsage();
  process.send?.({
    kind: "probe",
    at: Date.now(),
    rssBytes: memory.rss,
    heapUsedBytes: memory.heapUsed,
    handles: process.getActiveResourcesInfo().length,
    delayP50Ms: delay.percentile(50) / 1e6,
    delayP99Ms: delay.percentile(99) / 1e6,
    delayMaxMs: delay.max / 1e6,
  });
  delay.reset();
}, 1000).unref();
