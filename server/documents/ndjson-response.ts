/**
 * A streamed response of one JSON object per line (application/x-ndjson). `run` writes events with `emit` until its
 * promise settles; a reader who leaves stops only the reading, never the work.
 */
export function ndjsonResponse<T>(run: (emit: (event: T) => void) => Promise<unknown>): Response {
  const encoder = new TextEncoder();
  let open = true;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const emit = (event: T) => {
        if (open) controller.enqueue(encoder.encode(`${JSON.stringify(event)}\n`));
      };
      // `run` reports its own failures; the response ends either way.
      void run(emit)
        .catch(() => {})
        .finally(() => {
          if (open) controller.close();
          open = false;
        });
    },
    cancel() {
      open = false;
    },
  });
  return new Response(body, {
    headers: { "content-type": "application/x-ndjson", "cache-control": "no-store", "transfer-encoding": "chunked" },
  });
}
