// Online play in the real browser: starts `veil-server` serving the web
// build, opens two Chromium pages in separate browser contexts (each its own
// local storage, as two people's browsers), the first hosts a Jieqi room
// through the menus, the second opens the room's link and takes the other
// seat; both play moves by clicking the board. Every WebSocket frame the
// second page receives is kept and must not carry what only the first seat
// was shown (the identity of a face-down piece Red captured); the same
// search over the first page's frames must find it, so the search is shown
// to work. Then the second page is reloaded and must come back to its seat
// and play on. Screenshots of both pages go to the shots directory.
//
//   node web/check/online.mjs <veil-server binary> <dist dir> <shots dir>
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { launch as launchChromium } from "./serve.mjs";
import { findBoard, pointAt, woodIn } from "./board.mjs";

const [serverBin, dist, shots] = process.argv.slice(2);
if (!serverBin || !dist || !shots) {
  console.error("usage: node online.mjs <veil-server> <dist dir> <shots dir>");
  process.exit(2);
}
fs.mkdirSync(shots, { recursive: true });
const WIDTH = 1200, HEIGHT = 860;
// Where the menus' widgets are at 1200 × 860 (from the pictures this check
// saves: online-1-title.png …).
const POS = {
  playOnline: 505,
  nameField: { x: 200, y: 111 },
  host: { x: 66, y: 188 },
  jieqi: { x: 36, y: 400 },
  blackIsAPerson: { x: 158, y: 127 },
  openRoom: { x: 138, y: 364 },
  join: { x: 263, y: 249 },
  closeHowTo: { x: 558, y: 33 },
};
const failures = [];

// --- the server --------------------------------------------------------
const db = fs.mkdtempSync(path.join(os.tmpdir(), "veil-online-check-"));
const server = spawn(
  serverBin,
  ["--bind", "127.0.0.1", "--port", "0", "--web", dist, "--db", path.join(db, "server.db")],
  { stdio: ["ignore", "pipe", "inherit"] },
);
const base = await new Promise((ok, fail) => {
  const timer = setTimeout(() => fail(new Error("veil-server did not start in 30 s")), 30_000);
  let out = "";
  server.stdout.on("data", (d) => {
    out += d;
    const m = out.match(/listening on (\S+)/);
    if (m) {
      clearTimeout(timer);
      ok(`http://${m[1]}/`);
    }
  });
  server.on("exit", (code) => fail(new Error(`veil-server exited (${code})`)));
});
console.log(`veil-server serving ${dist} at ${base}`);

// --- pictures ----------------------------------------------------------
// --- the pages ---------------------------------------------------------
// Two people's pages side by side: a page not in front must still get its
// animation frames (the app runs in them) and timers.
const launch = () =>
  launchChromium([
    "--disable-renderer-backgrounding",
    "--disable-background-timer-throttling",
    "--disable-backgrounding-occluded-windows",
  ]);

// A page in its own browser context, with every frame it receives kept.
// Each person has a browser of their own (as two people would): two pages
// of one headless browser take turns at being drawn, and the one behind
// stalls.
const browsers = [];
async function person(name) {
  const browser = await launch();
  browsers.push(browser);
  const context = await browser.newContext({ viewport: { width: WIDTH, height: HEIGHT } });
  const page = await context.newPage();
  const who = { name, page, frames: [], problems: [] };
  page.on("pageerror", (e) => {
    if (!String(e).includes("Using exceptions for control flow")) who.problems.push(`page error: ${e}`);
  });
  page.on("console", (m) => {
    if (m.type() === "error" && !m.text().includes("Using exceptions for control flow")) {
      who.problems.push(`console error: ${m.text()}`);
    }
  });
  page.on("websocket", (ws) => {
    ws.on("framereceived", (f) => {
      const text = typeof f.payload === "string" ? f.payload : f.payload.toString("utf8");
      who.frames.push(text);
    });
  });
  return who;
}

async function started(page) {
  await page.waitForFunction(
    () => getComputedStyle(document.getElementById("loading")).display === "none",
    null,
    { timeout: 180_000, polling: 500 },
  );
  // Software rendering: let the first frames come.
  await page.waitForTimeout(3000);
}

async function shot(who, name) {
  await who.page.bringToFront();
  await who.page.waitForTimeout(1500);
  const file = path.join(shots, `online-${name}.png`);
  await who.page.screenshot({ path: file });
  return file;
}

const parsed = (who) =>
  who.frames.map((t) => {
    try {
      return JSON.parse(t);
    } catch {
      return null;
    }
  });

// Waits until one of `who`'s frames passes `test`; that frame.
async function frameWhere(who, what, test, ms = 60_000) {
  const until = Date.now() + ms;
  for (;;) {
    const hit = parsed(who).find((f) => f && test(f));
    if (hit) return hit;
    if (Date.now() > until) throw new Error(`${who.name}: no frame with ${what} within ${ms / 1000} s`);
    await who.page.waitForTimeout(250);
  }
}

// The room's version as `who` last heard it.
function versionOf(who) {
  let v = 0;
  for (const f of parsed(who)) {
    if (!f) continue;
    if (f.t === "Update" || f.t === "Snapshot") v = Math.max(v, f.v);
  }
  return v;
}

// Waits until the page has painted `n` more frames.
async function painted(page, n) {
  await page.evaluate(
    (n) =>
      new Promise((done) => {
        const next = (k) => (k === 0 ? done() : requestAnimationFrame(() => next(k - 1)));
        next(n);
      }),
    n,
  );
}

// Clicks a move on `who`'s board and waits until the server took it; a
// click lost in a slow software-drawn frame is made again (the version says
// whether the move was taken, so it is never made twice).
async function clickMove(who, board, black, from, to) {
  const before = versionOf(who);
  await who.page.bringToFront();
  for (let attempt = 1; attempt <= 3; attempt++) {
    for (const [file, rank] of [from, to]) {
      if (versionOf(who) > before) break;
      const p = pointAt(board, file, rank, black);
      // Held past a frame: the board reads the button's state once a
      // frame, and a software-drawn frame here is longer than a click.
      await who.page.mouse.move(p.x, p.y);
      await painted(who.page, 2);
      await who.page.waitForTimeout(400);
      await who.page.mouse.down();
      await who.page.waitForTimeout(1200);
      await who.page.mouse.up();
      await painted(who.page, 2);
      await who.page.waitForTimeout(1000);
    }
    const until = Date.now() + 10_000;
    while (versionOf(who) <= before && Date.now() < until) await who.page.waitForTimeout(250);
    if (versionOf(who) > before) return;
    console.log(`online: ${who.name}'s move ${JSON.stringify([from, to])} not taken (attempt ${attempt})`);
    // Whatever was picked is dropped before the next try — by Esc, not a
    // click off the board: the board takes a press where the pointer is
    // when a frame reads it, and in a frame longer than the wait (a
    // software-drawn page on a busy machine) that was the next point.
    await who.page.keyboard.press("Escape");
    await painted(who.page, 3);
    await who.page.waitForTimeout(800);
  }
  await shot(who, `${who.name}-stuck`);
  for (const f of who.frames.slice(-6)) console.log(`  ${who.name} got: ${f.slice(0, 300)}`);
  throw new Error(`${who.name}: the move ${JSON.stringify([from, to])} was not taken (version ${before})`);
}

const sq = (s) => ["abcdefghi".indexOf(s[0]), Number(s[1])];
let host, guest;
try {
  host = await person("host");
  guest = await person("guest");

  // The host: Play online → name → Host a game… → Jieqi → the seats as
  // they come (the host's, and one for a person) → open the room.
  await host.page.bringToFront();
  await host.page.goto(base);
  await started(host.page);
  await shot(host, "1-title");
  await host.page.mouse.click(WIDTH / 2, POS.playOnline, { delay: 150 });
  await host.page.waitForTimeout(3000);
  // Keys go to the page in front (the two pages share one browser); a key
  // typed in a slow software-drawn frame can be lost, so the name is typed
  // again while the menu still asks for it (the game choice's Jieqi
  // picture, light wood, shows the name took).
  for (let attempt = 1; ; attempt++) {
    await host.page.bringToFront();
    await host.page.mouse.click(POS.nameField.x, POS.nameField.y, { delay: 150 });
    await host.page.waitForTimeout(1500);
    await host.page.keyboard.type("Ann", { delay: 120 });
    await host.page.waitForTimeout(1000);
    if (attempt === 1) await shot(host, "2-online-menu");
    await host.page.mouse.click(POS.host.x, POS.host.y, { delay: 150 });
    await host.page.waitForTimeout(3000);
    if (woodIn(await host.page.screenshot(), 20, 90, 240, 265) > 2000) break;
    if (attempt >= 3) throw new Error("the host's name did not take in three tries");
    console.log(`online: the host's name did not take (attempt ${attempt}); again`);
  }
  await shot(host, "3-game-choice");
  await host.page.mouse.click(POS.jieqi.x, POS.jieqi.y, { delay: 150 });
  await host.page.waitForTimeout(1500);
  // Twice: a click in a slow frame can be missed, and a second leaves the
  // choice as it is.
  for (let i = 0; i < 2; i++) {
    await host.page.mouse.click(POS.blackIsAPerson.x, POS.blackIsAPerson.y, { delay: 150 });
    await host.page.waitForTimeout(1500);
  }
  await shot(host, "4-setup");
  await host.page.mouse.click(POS.openRoom.x, POS.openRoom.y, { delay: 150 });
  const welcome = await frameWhere(host, "a Welcome", (f) => f.t === "Welcome");
  const code = welcome.room;
  await host.page.waitForTimeout(1500);
  await shot(host, "5-lobby");
  console.log(`online: the host opened room ${code} (seat ${welcome.seat})`);
  if (welcome.seat !== 0) throw new Error(`the host sits at seat ${welcome.seat}, not Red's`);
  if (welcome.seats[1]?.kind !== "free") {
    throw new Error(`Black's seat is ${JSON.stringify(welcome.seats[1])}, not free for a person`);
  }

  // The guest opens the link, types a name once, and is in the room.
  await guest.page.bringToFront();
  await guest.page.goto(`${base}?room=${code}`);
  await started(guest.page);
  await shot(guest, "6-link");
  // Two pages drawn in software share the machine: a key typed before the
  // field took the click can be lost, so the name is typed again if the
  // form still asks for it.
  let joined;
  for (let attempt = 1; !joined; attempt++) {
    await guest.page.bringToFront();
    await guest.page.mouse.click(POS.nameField.x, POS.nameField.y, { delay: 150 });
    await guest.page.waitForTimeout(1500);
    await guest.page.keyboard.type("Bo", { delay: 120 });
    await guest.page.waitForTimeout(1000);
    await guest.page.mouse.click(POS.join.x, POS.join.y, { delay: 150 });
    try {
      joined = await frameWhere(guest, "a Welcome", (f) => f.t === "Welcome", attempt < 3 ? 8000 : 60_000);
    } catch (e) {
      if (attempt >= 3) throw e;
      console.log(`online: the guest's name did not take (attempt ${attempt}); again`);
    }
  }
  if (joined.seat !== 1) throw new Error(`the guest sits at seat ${joined.seat}, not Black's`);
  await frameWhere(host, "the game started", (f) => f.t === "Seats" && f.started);
  await host.page.waitForTimeout(3000);

  // The first game of a kind opens its how-to over the board: closed.
  for (const who of [host, guest]) {
    await who.page.bringToFront();
    await who.page.waitForTimeout(1000);
    await who.page.mouse.click(POS.closeHowTo.x, POS.closeHowTo.y, { delay: 150 });
    await who.page.waitForTimeout(1500);
  }
  const hostBoard = findBoard(fs.readFileSync(await shot(host, "6-host-table")));
  const guestBoard = findBoard(fs.readFileSync(await shot(guest, "6-guest-table")));
  console.log(`online: boards found at ${JSON.stringify(hostBoard)} and ${JSON.stringify(guestBoard)}`);

  // Red's cannon (a face-down piece on the cannon's point) takes the
  // face-down piece on b9 over the one on b7: Red is shown what it was,
  // Black is not.
  await clickMove(host, hostBoard, false, sq("b2"), sq("b9"));
  await clickMove(guest, guestBoard, true, sq("e9"), sq("e8"));
  await clickMove(host, hostBoard, false, sq("e0"), sq("e1"));
  await shot(host, "7-host-table");
  await shot(guest, "8-guest-table");

  // The secret: the captured piece as Red's own view names it.
  const seenByRed = parsed(host)
    .filter((f) => f && f.view && Array.isArray(f.view.captured))
    .flatMap((f) => f.view.captured.filter((c) => c.face_down && c.kind != null && c.color !== "Red" && c.color !== "red"));
  if (!seenByRed.length) throw new Error("Red's frames never named the piece it took: no secret to look for");
  const secret = JSON.stringify(seenByRed[seenByRed.length - 1]);
  const holders = (who) => who.frames.filter((t) => t.includes(secret)).length;
  console.log(`online: the secret ${secret} is in ${holders(host)} of the host's ${host.frames.length} frames (the search finds it)`);
  if (holders(host) === 0) throw new Error("the search does not find the secret where it is shown");
  const leaked = holders(guest);
  console.log(`online: ... and in ${leaked} of the guest's ${guest.frames.length} frames`);
  if (leaked) failures.push(`the guest received ${leaked} frames naming ${secret}`);

  // The guest's page reloaded: back to its own seat, and it plays on.
  const framesBefore = guest.frames.length;
  await guest.page.bringToFront();
  await guest.page.reload();
  await started(guest.page);
  await guest.page.waitForTimeout(3000);
  const until = Date.now() + 60_000;
  while (!parsed(guest).slice(framesBefore).some((f) => f && f.t === "Welcome" && f.seat === 1)) {
    if (Date.now() > until) throw new Error("after the reload the guest did not come back to its seat");
    await guest.page.waitForTimeout(250);
  }
  const reloadedBoard = findBoard(fs.readFileSync(await shot(guest, "9-guest-reloaded")));
  await clickMove(guest, reloadedBoard, true, sq("e8"), sq("e9"));
  await shot(guest, "9-guest-after-reload");
  await shot(host, "10-host-after-reload");
  console.log(`online: after the reload the guest is back at Black and played on (version ${versionOf(guest)})`);
  if (holders(guest) > leaked) failures.push("after the reload the guest received the secret");
} catch (e) {
  failures.push(String(e?.stack ?? e));
  for (const who of [host, guest]) if (who) await shot(who, `${who.name}-failed`).catch(() => {});
} finally {
  for (const who of [host, guest]) if (who) for (const p of who.problems) failures.push(`${who.name}: ${p}`);
  for (const b of browsers) await b.close();
  server.kill("SIGTERM");
  fs.rmSync(db, { recursive: true, force: true });
}
if (failures.length) {
  console.error("FAILED:\n" + failures.join("\n"));
  process.exit(1);
}
console.log("online play works in the browser: host, link, moves by clicking, no secret on the wire, reload");
