/**
 * Child process of `npm run bench`: the reference for a cached page, `express.static` serving the
 * very HTML our server answers (saved to disk by the bench) behind the same compression as
 * `express-app.ts`. Nothing a server does per page can cost less than reading the file and
 * compressing it, so this is the physical limit the page cache is measured against.
 *
 * Env: PORT (on 127.0.0.1), BENCH_STATIC_DIR (index.html and the other pages as <path>.html).
 * Exits when the bench's IPC channel closes, on a signal, or after five minutes (serveForBench).
 */
import compression from "compression";
import express from "express";
import zlib from "node:zlib";
import { serveForBench } from "./child-server.ts";

const port = Number(process.env.PORT);
const directory = process.env.BENCH_STATIC_DIR;
if (!port || !directory) {
  console.error("bench/static-server.ts needs PORT and BENCH_STATIC_DIR");
  process.exit(2);
}

const app = express();
app.disable("x-powered-by");
// The same compression settings as express-app.ts.
app.use(compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } } }));
app.get("/healthz", (_req, res) => {
  res.type("text/plain").send("ok");
});
app.use(express.static(directory, { extensions: ["html"] }));

serveForBench(app, port);
