// Development: the API server on :3001 (restarts on change) and Vite on :5173 proxying /api to it.
import { spawn } from "node:child_process";

const children = [
  spawn(process.execPath, ["--import", "tsx", "--watch", "server/index.ts"], {
    stdio: "inherit",
    env: { ...process.env, PORT: "3001", NODE_ENV: "development", APP_URL: "http://localhost:5173" },
  }),
  spawn(process.execPath, ["node_modules/vite/bin/vite.js"], { stdio: "inherit" }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", stop);
