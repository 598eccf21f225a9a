// A second server with a bigger catalogue, for the flows the shared small catalogue cannot show
// (a country with more than 20 schools). Started by the spec that needs it, stopped after it.
import { type ChildProcess, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { fileURLToPath } from "node:url";

const WEB_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

export interface ExtraServer {
  baseURL: string;
  /** Its PGlite directory, readable once the server has stopped (with `keepData`). */
  dataDir: string;
  stop(): Promise<void>;
}

export async function startExtraServer(options: {
  port: number;
  schools: number;
  courses: number;
  /** Leave the data directory after stop(), for the test to read (and delete). */
  keepData?: boolean;
}): Promise<ExtraServer> {
  const dataDir = `/tmp/studyatlas-e2e-extra-${options.port}`;
  rmSync(dataDir, { recursive: true, force: true });
  const child: ChildProcess = spawn(process.execPath, ["server/index.ts"], {
    cwd: WEB_ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(options.port),
      DATA_DIR: dataDir,
      SEED_SCHOOLS: String(options.schools),
      SEED_COURSES: String(options.courses),
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const baseURL = `http://127.0.0.1:${options.port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    if (!options.keepData) rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Extra server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${baseURL}/api/health`);
      if (response.ok) return { baseURL, dataDir, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await stop();
  throw new Error("Extra server did not start within 120 s");
}
