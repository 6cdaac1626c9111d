// Loaded into a benchmarked CLI process (`node --expose-gc --import …/heapAtExit.ts`): when the
// process exits, a full collection, then the JavaScript heap still in use is written to the file
// named by SLEUTH_BENCH_HEAP_FILE. That is what the process holds, where its peak RSS also counts
// garbage V8 has not collected yet (docs/PERFORMANCE.md, "Transfers, rows streamed").
import { writeFileSync } from "node:fs";

const file = process.env.SLEUTH_BENCH_HEAP_FILE;
const collect = (globalThis as { gc?: () => void }).gc;
if (file && collect)
  process.on("exit", () => {
    collect();
    writeFileSync(file, String(process.memoryUsage().heapUsed));
  });
