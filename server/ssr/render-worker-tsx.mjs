// render-worker.ts from its source, for `npm run dev` and the tests: a worker's first file loads
// before the loaders of `--import tsx` apply to it, so tsx is asked for it here.
import { tsImport } from "tsx/esm/api";

await tsImport("./render-worker.ts", import.meta.url);
