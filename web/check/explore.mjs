// scratch: screenshots of the online flow (not part of the check)
import { spawn } from "node:child_process";
import fs from "node:fs";
import { chromium } from "playwright-core";
const [bin, dist, out, ...steps] = process.argv.slice(2);
const server = spawn(bin, ["--bind","127.0.0.1","--port","0","--web",dist,"--db","/tmp/explore/db.sqlite"], {stdio:["ignore","pipe","inherit"]});
const base = await new Promise((ok)=>{let o="";server.stdout.on("data",d=>{o+=d;const m=o.match(/listening on (\S+)/);if(m)ok(`http://${m[1]}/`)})});
const browser = await chromium.launch({executablePath:"/usr/bin/chromium",args:["--no-sandbox","--use-angle=swiftshader","--enable-unsafe-swiftshader","--ignore-gpu-blocklist"]});
const ctx = await browser.newContext({viewport:{width:1200,height:860}});
const page = await ctx.newPage();
page.on("console", m => { if (m.type()==="error") console.log("console:", m.text()); });
console.log("base", base); await page.goto(base + (process.env.Q ?? "")); console.log("loaded");
await page.waitForFunction(() => getComputedStyle(document.getElementById("loading")).display === "none", null, {timeout:180000, polling:500});
await page.waitForTimeout(3000);
let n=0;
await page.screenshot({path:`${out}/${n++}.png`});
for (const s of steps) {
  const [kind, a, b] = s.split(":");
  if (kind==="c") await page.mouse.click(Number(a), Number(b));
  if (kind==="t") await page.keyboard.type(a);
  if (kind==="k") await page.keyboard.press(a);
  if (kind==="w") await page.waitForTimeout(Number(a));
  await page.waitForTimeout(1500);
  await page.screenshot({path:`${out}/${n++}.png`});
}
await browser.close(); server.kill();
