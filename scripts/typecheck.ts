// `pnpm typecheck`: the type-check step of `pnpm test` alone, every project, all failures shown.
import { typecheck, typecheckProjects } from "./lib/typecheck.ts";

const failed = typecheckProjects.filter((project) => !typecheck(project));
if (failed.length > 0) {
  console.error(`type errors in ${failed.join(", ")}`);
  process.exit(1);
}
