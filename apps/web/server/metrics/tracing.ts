// OpenTelemetry traces (docs/decisions/047-metrics-and-traces.md), only when
// OTEL_EXPORTER_OTLP_ENDPOINT is set: the SDK and its HTTP instrumentation are imported here, on
// demand, so a process without tracing loads none of it. Started before the app (and so Fastify
// and node:http's server) is loaded: a span for every request served, exported over OTLP/HTTP to
// the endpoint's /v1/traces. The SDK reads its other standard variables itself (OTEL_SERVICE_NAME
// is ours; OTEL_EXPORTER_OTLP_HEADERS, OTEL_TRACES_SAMPLER, OTEL_BSP_SCHEDULE_DELAY...).
import type { TracingConfig } from "../config.ts";

/** Names the span of the request in progress by its route (plugins/request-metrics.ts). */
export interface RequestSpans {
  name(method: string, route: string): void;
}

export interface Tracing extends RequestSpans {
  /** Sends the spans still buffered and stops (on shutdown). */
  shutdown(): Promise<void>;
}

/** The collector's traces address: the endpoint with /v1/traces, as the OTLP spec joins them. */
export function tracesUrl(endpoint: string): string {
  return `${endpoint.replace(/\/+$/, "")}/v1/traces`;
}

/** Starts tracing when an endpoint is configured; undefined (and nothing loaded) otherwise. */
export async function startTracing(config: TracingConfig): Promise<Tracing | undefined> {
  if (config.endpoint === undefined) return undefined;
  const [{ trace }, { NodeSDK }, { OTLPTraceExporter }, { HttpInstrumentation }] =
    await Promise.all([
      import("@opentelemetry/api"),
      import("@opentelemetry/sdk-node"),
      import("@opentelemetry/exporter-trace-otlp-http"),
      import("@opentelemetry/instrumentation-http"),
    ]);
  const sdk = new NodeSDK({
    serviceName: config.serviceName,
    traceExporter: new OTLPTraceExporter({ url: tracesUrl(config.endpoint) }),
    // The exporter's own requests are not traced: the OTLP exporter suppresses them.
    instrumentations: [new HttpInstrumentation()],
  });
  sdk.start();
  return {
    shutdown: () => sdk.shutdown(),
    // The HTTP instrumentation names a server span by its method only: the route pattern (the
    // metrics' label, never the address) makes the spans of one page findable together.
    name(method, route) {
      const span = trace.getActiveSpan();
      span?.updateName(`${method} ${route}`);
      span?.setAttribute("http.route", route);
    },
  };
}
