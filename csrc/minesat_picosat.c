/*
 * minesat_picosat.c: a flat i32 API over picosat, for a standalone WebAssembly module.
 *
 * Compiled together with picosat.c (picosat 965, from the pinned pycosat 0.6.6 sdist) by
 * tools/build_wasm.py. Every export takes and returns i32 only, so the module can be driven
 * from wasmtime (CPython) and from the browser's WebAssembly (Pyodide) without BigInt.
 *
 * Data travels through one int buffer per solver (ms_buffer): the host writes literals
 * there before ms_add/ms_assume, and reads the model from it after ms_sat.
 *
 * The few WASI functions that wasi-libc's stdio and exit path need are defined here, so the
 * module has zero imports. Whatever picosat prints (verbose output, "API usage" aborts) is
 * kept in memory, per file descriptor, for the host to fetch with ms_output/ms_output_len.
 *
 * This file is part of minesat (MIT licence).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "picosat.h"

#define EXPORT(name) __attribute__((export_name(name)))

/* ------------------------------------------------------------------ solvers */

typedef struct {
  PicoSAT *ps;
  int *buf;     /* literals in (ms_add, ms_assume), model out (ms_sat) */
  int cap;      /* capacity of buf, in ints */
} Solver;

/* Make sure s->buf holds at least n ints (and exists); return it (NULL when out of memory). */
static int *reserve(Solver *s, int n) {
  if (n < 1) n = 1;
  if ((size_t)n > SIZE_MAX / sizeof(int)) return NULL;     /* wasm32: size_t is 32 bits */
  if (n > s->cap) {
    int cap = s->cap ? s->cap : 256;
    while (cap < n) cap = cap > (1 << 27) ? n : 2 * cap;
    int *buf = realloc(s->buf, (size_t)cap * sizeof(int));
    if (!buf) return NULL;
    s->buf = buf;
    s->cap = cap;
  }
  return s->buf;
}

/* ------------------------------------------------------------- memory pool
 * picosat allocates through callbacks that are told the size of every block, so small
 * blocks (clauses, mostly) can live on free lists per size class, without the header and
 * indirection of the libc allocator: about 4% faster solving. Larger blocks go to malloc.
 * Freed small blocks are kept for reuse by any solver in this module. */

#define POOL_MAX 256                    /* bytes; larger blocks use malloc */
#define POOL_CHUNK 65536                /* small blocks are cut from chunks this large */

static void *free_lists[POOL_MAX / 8 + 1];    /* by size in units of 8 bytes */
static char *chunk;
static size_t chunk_left;

static size_t size_class(size_t bytes) { return (bytes + 7) >> 3; }
static int pooled(size_t bytes) { return bytes > 0 && bytes <= POOL_MAX; }

static void *pool_new(void *mgr, size_t bytes) {
  (void)mgr;
  if (!pooled(bytes)) return malloc(bytes);
  size_t c = size_class(bytes);
  void *block = free_lists[c];
  if (block) {
    free_lists[c] = *(void **)block;
    return block;
  }
  if (chunk_left < c << 3) {            /* the rest of the old chunk is left unused */
    chunk = malloc(POOL_CHUNK);
    if (!chunk) return NULL;
    chunk_left = POOL_CHUNK;
  }
  block = chunk;
  chunk += c << 3;
  chunk_left -= c << 3;
  return block;
}

static void pool_delete(void *mgr, void *block, size_t bytes) {
  (void)mgr;
  if (!block) return;
  if (!pooled(bytes)) {
    free(block);
    return;
  }
  size_t c = size_class(bytes);
  *(void **)block = free_lists[c];
  free_lists[c] = block;
}

static void *pool_resize(void *mgr, void *block, size_t old, size_t bytes) {
  if (!bytes) {                         /* picosat expects NULL back */
    pool_delete(mgr, block, old);
    return NULL;
  }
  if (!block) return pool_new(mgr, bytes);
  if (!pooled(old) && !pooled(bytes)) return realloc(block, bytes);
  if (pooled(old) && pooled(bytes) && size_class(old) == size_class(bytes)) return block;
  void *moved = pool_new(mgr, bytes);
  if (!moved) return NULL;              /* picosat then aborts: out of memory */
  memcpy(moved, block, old < bytes ? old : bytes);
  pool_delete(mgr, block, old);
  return moved;
}

/* A new solver with picosat's verbosity level; NULL when out of memory. */
EXPORT("ms_new") Solver *ms_new(int verbose) {
  Solver *s = calloc(1, sizeof *s);
  if (!s) return NULL;
  s->ps = picosat_minit(NULL, pool_new, pool_resize, pool_delete);
  picosat_set_verbosity(s->ps, verbose);
  return s;
}

EXPORT("ms_free") void ms_free(Solver *s) {
  if (!s) return;
  picosat_reset(s->ps);
  free(s->buf);
  free(s);
}

/* The solver's buffer, grown to at least n ints (its content is lost when it grows). */
EXPORT("ms_buffer") int *ms_buffer(Solver *s, int n) { return reserve(s, n); }

/* Declare variables 1..|vars| (pycosat's vars= argument). */
EXPORT("ms_adjust") void ms_adjust(Solver *s, int vars) { picosat_adjust(s->ps, vars); }

/* Propagation limit from two u32 halves; 0 means none. With relative != 0 the limit counts
 * from the propagations done so far (one budget per call), otherwise it is picosat's
 * absolute limit over the solver's lifetime (pycosat's prop_limit= argument). */
EXPORT("ms_limit") void ms_limit(Solver *s, uint32_t lo, uint32_t hi, int relative) {
  unsigned long long limit = ((unsigned long long)hi << 32) | lo;
  if (!limit)
    limit = ~0ull;
  else if (relative)
    limit += picosat_propagations(s->ps);
  picosat_set_propagation_limit(s->ps, limit);
}

/* Add the clauses held in buf[0..n-1], each terminated by 0. Returns the clauses added. */
EXPORT("ms_add") int ms_add(Solver *s, int n) {
  int clauses = 0;
  for (int i = 0; i < n; i++) {
    picosat_add(s->ps, s->buf[i]);
    clauses += s->buf[i] == 0;
  }
  return clauses;
}

/* Assume the n literals in buf for the next ms_sat only. */
EXPORT("ms_assume") void ms_assume(Solver *s, int n) {
  for (int i = 0; i < n; i++) picosat_assume(s->ps, s->buf[i]);
}

/* Solve. Returns 10 (SAT), 20 (UNSAT) or 0 (UNKNOWN). On SAT the model is left in
 * buf[0..ms_variables-1] as +i / -i, and with block != 0 the clause excluding exactly this
 * model is added afterwards (picosat forgets the model on the next add, hence the copy).
 * Returns -1 when the model does not fit in memory. */
EXPORT("ms_sat") int ms_sat(Solver *s, int block) {
  int res = picosat_sat(s->ps, -1);
  fflush(stdout);
  if (res != PICOSAT_SATISFIABLE) return res;
  int n = picosat_variables(s->ps);
  int *model = reserve(s, n);
  if (!model) return -1;
  for (int i = 1; i <= n; i++) model[i - 1] = picosat_deref(s->ps, i) > 0 ? i : -i;
  if (block) {
    for (int i = 0; i < n; i++) picosat_add(s->ps, -model[i]);
    picosat_add(s->ps, 0);
  }
  return res;
}

/* The largest variable index seen so far (the length of a model). */
EXPORT("ms_variables") int ms_variables(Solver *s) { return picosat_variables(s->ps); }

/* After UNSAT under assumptions: the failed assumptions, copied to buf; returns how many. */
EXPORT("ms_failed") int ms_failed(Solver *s) {
  const int *failed = picosat_failed_assumptions(s->ps);
  int n = 0;
  while (failed[n]) n++;
  int *buf = reserve(s, n);
  if (!buf) return -1;
  memcpy(buf, failed, (size_t)n * sizeof(int));
  return n;
}

/* Print the formula in DIMACS to stdout (pycosat does so for verbose >= 2). */
EXPORT("ms_print") void ms_print(Solver *s) {
  picosat_print(s->ps, stdout);
  fflush(stdout);
}

/* ---------------------------------------------------- captured stdout/stderr */

typedef struct {
  char *data;
  uint32_t len, cap;
} Output;

static Output outputs[3];               /* indexed by fd: 1 stdout, 2 stderr */
#define OUTPUT_MAX (16u << 20)          /* keep at most 16 MB per stream */

static void append(Output *o, const char *p, uint32_t n) {
  if (o->len + n > OUTPUT_MAX) n = OUTPUT_MAX - o->len;
  if (o->len + n > o->cap) {
    uint32_t cap = o->cap ? o->cap : 4096;
    while (cap < o->len + n) cap *= 2;
    char *data = realloc(o->data, cap);
    if (!data) return;
    o->data = data;
    o->cap = cap;
  }
  memcpy(o->data + o->len, p, n);
  o->len += n;
}

/* Where the text written to fd (1 or 2) is, and how long it is; ms_output_clear drops it. */
EXPORT("ms_output") char *ms_output(int fd) { return fd == 1 || fd == 2 ? outputs[fd].data : NULL; }
EXPORT("ms_output_len") int ms_output_len(int fd) { return fd == 1 || fd == 2 ? (int)outputs[fd].len : 0; }
EXPORT("ms_output_clear") void ms_output_clear(void) { outputs[1].len = outputs[2].len = 0; }

/* ------------------------------------------------ WASI, defined in-module ----
 * wasi-libc (as shipped with zig) calls these symbols for its imports; defining them here
 * resolves them at link time, so the module imports nothing. Only what stdio, abort and
 * exit reach is needed. */

typedef struct { const char *buf; uint32_t len; } Ciovec;

#define WASI(name) __imported_wasi_snapshot_preview1_##name
enum { ERRNO_SUCCESS = 0, ERRNO_BADF = 8, ERRNO_SPIPE = 70 };

int32_t WASI(fd_write)(int32_t fd, int32_t iovs, int32_t n, int32_t written) {
  const Ciovec *iov = (const Ciovec *)(uintptr_t)iovs;
  uint32_t total = 0;
  if (fd != 1 && fd != 2) return ERRNO_BADF;
  for (int32_t i = 0; i < n; i++) {
    append(&outputs[fd], iov[i].buf, iov[i].len);
    total += iov[i].len;
  }
  *(uint32_t *)(uintptr_t)written = total;
  return ERRNO_SUCCESS;
}

/* stdout/stderr are character devices that cannot seek. */
int32_t WASI(fd_seek)(int32_t fd, int64_t offset, int32_t whence, int32_t newoffset) {
  (void)fd; (void)offset; (void)whence; (void)newoffset;
  return ERRNO_SPIPE;
}

/* stdio closes stdout/stderr with close(), which zig's libc implements in Zig on top of
 * the fd_close import, out of reach of the trick above: define close() itself. */
int close(int fd) { (void)fd; return 0; }

/* fdstat of stdout/stderr: filetype 2 (character device), no flags, all rights. */
int32_t WASI(fd_fdstat_get)(int32_t fd, int32_t stat) {
  if (fd < 0 || fd > 2) return ERRNO_BADF;
  uint8_t *p = (uint8_t *)(uintptr_t)stat;
  memset(p, 0, 24);
  p[0] = 2;
  memset(p + 8, 0xff, 16);
  return ERRNO_SUCCESS;
}

_Noreturn void WASI(proc_exit)(int32_t code) { (void)code; __builtin_trap(); }
