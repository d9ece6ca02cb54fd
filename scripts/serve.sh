#!/bin/sh
# Starts a Directors server process: `scripts/serve.sh dist/server/index.js` (what `npm start` runs), or with other
# Node arguments before the entry point (the chat benchmark's server: `scripts/serve.sh --import tsx bench/chat-server.ts`).
# The process is measured with exactly these settings (bench:startup, bench:chat); a service file or container that
# starts `node dist/server/index.js` itself should set the same (README, "Running in production"). The shell is
# replaced by Node (exec): no parent process is left running. Figures: docs/decisions/0020 (memory).
#
# The C library's allocator (glibc; read once, when the process starts, so they cannot be set from inside Node):
# - MALLOC_ARENA_MAX=2: at most two malloc arenas instead of eight per core. PGlite's WebAssembly is compiled on
#   V8's worker threads and passwords are hashed on libuv's, and each such thread otherwise keeps an arena of its
#   own whose freed memory no other thread reuses.
# - MALLOC_MMAP_THRESHOLD_ and MALLOC_TRIM_THRESHOLD_ fixed at their first value (128 KiB): blocks this large are
#   mapped on their own and returned when freed, and free memory at an arena's top is returned. Left alone, glibc
#   raises both after the first large block is freed, and the arenas then keep hundreds of MB after a burst of
#   sign-ups or chats.
# An operator's own value of any of them wins.
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
export MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-131072}"
export MALLOC_TRIM_THRESHOLD_="${MALLOC_TRIM_THRESHOLD_:-131072}"
exec node --max-semi-space-size=4 --heap-growing-percent=50 "$@"
