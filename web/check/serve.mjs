// What the browser checks share: web/dist served on 127.0.0.1, Debian's
// Chromium launched headless (WebGL2 through SwiftShader), the wait for the
// page to start, and how much of a picture is drawn.
import http from "node:http";
import fs from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { decodePng } from "./png.mjs";

const types = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".wasm": "application/wasm",
  ".wav": "audio/wav",
  ".md": "text/plain; charset=utf-8",
  ".png": "image/png",
};

// Serves `dist` on a free port of 127.0.0.1: { base, server }.
export async function serveDist(dir) {
  const dist = path.resolve(dir);
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, "http://localhost");
    let file = path.join(dist, decodeURIComponent(url.pathname));
    if (!file.startsWith(path.resolve(dist))) {
      res.writeHead(403).end();
      return;
    }
    if (file.endsWith("/")) file += "index.html";
    fs.readFile(file, (err, body) => {
      if (err) {
        res.writeHead(404).end("not found");
        return;
      }
      res.writeHead(200, { "content-type": types[path.extname(file)] ?? "application/octet-stream" });
      res.end(body);
    });
  });
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  return { base: `http://127.0.0.1:${server.address().port}/`, server };
}

export function launch(extra = []) {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--use-angle=swiftshader",
      "--enable-unsafe-swiftshader",
      "--ignore-gpu-blocklist",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--autoplay-policy=no-user-gesture-required",
      ...extra,
    ],
  });
}

// Waits until the loading cover is gone (or says the page could not
// start); returns a problem's text, or null.
export async function started(page, timeout = 180_000) {
  try {
    await page.waitForFunction(
      () => {
        const cover = document.getElementById("loading");
        const text = document.getElementById("loading-text")?.textContent ?? "";
        return !cover || cover.offsetParent === null || getComputedStyle(cover).display === "none" || text.includes("could not start");
      },
      null,
      { timeout, polling: 500 },
    );
    const text = await page.textContent("#loading-text").catch(() => "");
    return text && text.includes("could not start") ? `the page did not start: ${text}` : null;
  } catch {
    const text = await page.textContent("#loading-text").catch(() => "?");
    return `the page did not start within ${timeout / 1000} s (loading text: ${text})`;
  }
}

// How much of the picture differs from its most common colour, and how many
// colours it has: a blank or single-colour canvas fails.
export function inkOf(png) {
  const { width, height, channels, px } = decodePng(png);
  const counts = new Map();
  for (let i = 0; i < width * height; i++) {
    const o = i * channels;
    const key = (px[o] << 16) | (px[o + 1] << 8) | px[o + 2];
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const background = Math.max(...counts.values());
  return { coverage: 1 - background / (width * height), colours: counts.size };
}

// The lengths of a page's frames (ms) for `ms` milliseconds, by
// requestAnimationFrame.
export function frameLengths(page, ms) {
  return page.evaluate(
    (ms) =>
      new Promise((done) => {
        const t = [];
        let last = performance.now();
        const end = last + ms;
        const tick = (now) => {
          t.push(now - last);
          last = now;
          if (now < end) requestAnimationFrame(tick);
          else done(t);
        };
        requestAnimationFrame(tick);
      }),
    ms,
  );
}
