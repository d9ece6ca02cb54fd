#!/bin/sh
# Starts a Directors server process: `scripts/serve.sh dist/server/index.js` (what `npm start` runs), or with other
# Node arguments before the entry point (the chat benchmark's server: `scripts/serve.sh --import tsx bench/chat-server.ts`).
# The benchmarks start the server this way (bench/server-launch.ts), so their figures are for these settings; a
# service file or container that starts `node dist/server/index.js` itself should set the same (README, "Running in
# production"). The shell replaces itself with Node (exec): no parent process is left running. Figures:
# docs/decisions/0020, "Memory".
#
# The C library's allocator (glibc reads these only when a process starts, so Node cannot set them for itself):
# - MALLOC_ARENA_MAX=2: at most two malloc arenas instead of up to eight per core. PGlite's WebAssembly is compiled on
#   V8's worker threads and passwords are hashed on libuv's; each such thread otherwise keeps an arena of its own,
#   whose freed memory no other thread reuses.
# - MALLOC_MMAP_THRESHOLD_ and MALLOC_TRIM_THRESHOLD_ held at their first value (128 KiB): blocks this large get a
#   mapping of their own, returned when freed, and free memory at an arena's top is returned. Left alone, glibc raises
#   both as large blocks come and go, and its arenas then keep what a burst of sign-ups or chats freed.
# An operator's own value of any of them wins.
#
# V8's heap (Node options, fixed at start):
# - --max-semi-space-size=2: the young generation grows to 2 × 2 MB instead of 2 × 16 MB (no slower turns, and no
#   fewer turns a second, than 2 × 4 MB in paired runs: docs/benchmarks.md).
# - --heap-growing-percent=50: after a full collection the old generation may grow by half of what is live before the
#   next one, instead of up to four times it (V8's factor on a machine with this much memory). Under a burst of
#   chats, short-lived objects that outlive two young collections no longer pile up to 180 MB before they are
#   collected.
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
export MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-131072}"
export MALLOC_TRIM_THRESHOLD_="${MALLOC_TRIM_THRESHOLD_:-131072}"
exec node --max-semi-space-size=2 --heap-growing-percent=50 "$@"
