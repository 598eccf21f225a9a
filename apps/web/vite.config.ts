import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [reactRouter()],
  build: { target: "es2022", cssCodeSplit: false },
  ssr: {
    // Workspace packages are TypeScript sources: bundle them into the server build.
    noExternal: [/^@studyatlas\//],
  },
});
