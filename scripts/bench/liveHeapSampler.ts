// Loaded into a benchmarked CLI process (`node --expose-gc --import …/liveHeapSampler.ts`): every
// 250 ms, and once more as the process exits, a full collection and then the JavaScript heap still
// in use; the most seen is written to the file named by SLEUTH_BENCH_HEAP_FILE. That is the most
// the process held at any point, where its peak RSS also counts garbage V8 has not collected yet
// (docs/PERFORMANCE.md, Transfers, "Why the peak RSS grows with the rows"). The collections slow the process down and
// shrink its RSS, so the benchmark times and measures RSS in runs without this.
import { writeFileSync } from "node:fs";

const file = process.env.SLEUTH_BENCH_HEAP_FILE;
const collect = (globalThis as { gc?: () => void }).gc;
if (file && collect) {
  let most = 0;
  const sample = () => {
    collect();
    most = Math.max(most, process.memoryUsage().heapUsed);
  };
  setInterval(sample, 250).unref();
  process.on("exit", () => {
    sample();
    writeFileSync(file, String(most));
  });
}
