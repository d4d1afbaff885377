// The floor's server: express with compression and the static build, then Remix (built with
// `npx remix build` in this folder). PORT sets the port.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import compression from "compression";
import express from "express";

const here = path.dirname(fileURLToPath(import.meta.url));
const build = await import(path.join(here, "build/index.js"));
const app = express();
app.disable("x-powered-by");
app.use(compression());
app.use("/build", express.static(path.join(here, "public/build"), { immutable: true, maxAge: "1y" }));
app.all("*", createRequestHandler({ build, mode: "production" }));
const port = Number(process.env.PORT ?? 3290);
app.listen(port, "127.0.0.1", () => console.log(`listening on http://127.0.0.1:${port}`));
