// Real prompt libraries asking one question each, in the mode given.
// Ground truth: "ready" is logged right before the library is called to
// draw its question (modules loaded: the render follows within milliseconds).
import fs from "node:fs";
import { select as iselect, password as ipassword } from "@inquirer/prompts";
import enquirer from "enquirer";
import * as clack from "@clack/prompts";
import prompts from "prompts";
const log = (ev) => process.env.LOG && fs.appendFileSync(process.env.LOG, `${BigInt(Date.now()) * 1000000n} ${ev}\n`);
const mode = process.argv[2];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
await sleep(200);
log("ready");
let answer;
switch (mode) {
  case "inquirer-select": {
    answer = await iselect({ message: "Pick a color", choices: [{ value: "red" }, { value: "green" }, { value: "blue" }] });
    break;
  }
  case "inquirer-password": {
    answer = await ipassword({ message: "Enter your token", mask: "*" });
    break;
  }
  case "enquirer-select": {
    answer = (await enquirer.prompt({ type: "select", name: "c", message: "Pick a color", choices: ["red", "green", "blue"] })).c;
    break;
  }
  case "clack-select": {
    answer = await clack.select({ message: "Pick a color", options: [{ value: "red" }, { value: "green" }, { value: "blue" }] });
    break;
  }
  case "clack-confirm": {
    answer = await clack.confirm({ message: "Deploy now?" });
    break;
  }
  case "prompts-toggle": {
    answer = (await prompts({ type: "toggle", name: "v", message: "Deploy now?", initial: false, active: "yes", inactive: "no" })).v;
    break;
  }
}
console.log("answer:", String(answer));
await sleep(300);
