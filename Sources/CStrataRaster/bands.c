// Splitting an operation's rows between the caller and one shared worker thread (this machine
// class has two cores). The worker spins briefly between operations, which come in quick
// succession within a frame, then sleeps; a caller that finds the worker taken by another thread
// draws all rows itself (the pixels are the same either way).
#include "kernel.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#if STRATA_X86
#include <immintrin.h>
#define strata_relax() _mm_pause()
#else
#define strata_relax() ((void)0)
#endif

/// Operations smaller than this many target pixels are not worth a handoff.
#define STRATA_SPLIT_PIXELS 6144
/// Pauses the worker spins for before it sleeps (about a millisecond: longer than the gaps between
/// a frame's layers, shorter than between frames).
#define STRATA_SPIN 40000

static pthread_mutex_t pool_use = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t wake_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t wake = PTHREAD_COND_INITIALIZER;
static pthread_once_t started = PTHREAD_ONCE_INIT;
static int pool_ready = 0;
static _Atomic uint64_t posted = 0, finished = 0;

/// Rows of a batch go out in bands of this many: every band runs the batch's operations in order,
/// so bands can be drawn by any thread in any order with the same result.
#define STRATA_BAND 270

static struct {
    /// A single operation split in two halves: the worker's half.
    const strata_prepared *prepared;
    const strata_target *target;
    int32_t y0, y1, simd;
    /// A batch: its operations with the target as each sees it, and the bands (target rows) still
    /// to take.
    const strata_prepared *batch;
    const strata_target *targets;
    int32_t count, bandY0, bands;
    _Atomic int32_t nextBand;
    /// Non-zero: the job is the open stream (see `strata_stream_begin`).
    int stream;
    /// Non-zero: the job is a fill's rows [y0, y1) × [fillX0, fillX1) with `fillPixel`.
    int fill;
    int32_t fillX0, fillX1;
    uint32_t fillPixel;
} job;

static void stream_work(void);

/// Band [y0, y1) (target rows) of the batch's operations, in order.
static void draw_band(const strata_prepared *batch, const strata_target *targets, int32_t count, int32_t y0, int32_t y1, int32_t simd) {
    for (int32_t i = 0; i < count; i++) {
        const strata_prepared *p = &batch[i];
        int32_t fy = p->op.frameY;
        if (p->op.y1 + fy <= y0 || p->op.y0 + fy >= y1) continue;
        strata_rows(p, &targets[i], y0 - fy, y1 - fy, simd);
    }
}

/// Takes bands of the posted batch until none are left.
static void take_bands(void) {
    for (;;) {
        int32_t b = atomic_fetch_add_explicit(&job.nextBand, 1, memory_order_relaxed);
        if (b >= job.bands) return;
        int32_t y0 = job.bandY0 + b * STRATA_BAND;
        draw_band(job.batch, job.targets, job.count, y0, y0 + STRATA_BAND, job.simd);
    }
}

/// Rows [y0, y1) × [x0, x1) of `target` (device coordinates, already clipped) set to `pixel`.
static void fill_rows(const strata_target *t, int32_t x0, int32_t x1, int32_t y0, int32_t y1, uint32_t pixel) {
    for (int32_t y = y0; y < y1; y++) {
        uint32_t *row = t->pixels + (int64_t)(y - t->originY) * t->stride + (x0 - t->originX);
        int32_t n = x1 - x0;
        if (pixel == 0) {
            memset(row, 0, (size_t)n * 4);
            continue;
        }
        for (int32_t i = 0; i < n; i++) row[i] = pixel;
    }
}

static void *worker(void *unused) {
    (void)unused;
    uint64_t seen = 0;
    for (;;) {
        int spins = 0;
        while (atomic_load_explicit(&posted, memory_order_acquire) == seen) {
            if (++spins < STRATA_SPIN) {
                strata_relax();
                continue;
            }
            pthread_mutex_lock(&wake_lock);
            while (atomic_load_explicit(&posted, memory_order_acquire) == seen) pthread_cond_wait(&wake, &wake_lock);
            pthread_mutex_unlock(&wake_lock);
        }
        seen = atomic_load_explicit(&posted, memory_order_acquire);
        if (job.stream) stream_work();
        else if (job.fill) fill_rows(job.target, job.fillX0, job.fillX1, job.y0, job.y1, job.fillPixel);
        else if (job.batch) take_bands();
        else strata_rows(job.prepared, job.target, job.y0, job.y1, job.simd);
        atomic_store_explicit(&finished, seen, memory_order_release);
    }
    return 0;
}

static void start_pool(void) {
    pthread_t thread;
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    pool_ready = pthread_create(&thread, &attributes, worker, 0) == 0;
    pthread_attr_destroy(&attributes);
}

/// Takes the worker (started on first use) for one job; 0 when another caller holds it or it
/// could not be started (the caller then draws alone: the same pixels).
static int take_pool(void) {
    if (pthread_mutex_trylock(&pool_use) != 0) return 0;
    pthread_once(&started, start_pool);
    if (pool_ready) return 1;
    pthread_mutex_unlock(&pool_use);
    return 0;
}

/// `target` as the operation sees it: its pixels in the operation's coordinates.
static strata_target in_frame(const strata_target *target, const strata_composite_op *op) {
    strata_target t = *target;
    t.originX -= op->frameX;
    t.originY -= op->frameY;
    return t;
}

void strata_composite(const strata_composite_op *op, const strata_target *device, int32_t threads, int32_t simd) {
    strata_prepared p;
    if (!op || !device) return;
    strata_target shifted = in_frame(device, op);
    const strata_target *target = &shifted;
    if (!strata_prepare(op, target, &p)) return;
    int32_t y0 = p.op.y0, y1 = p.op.y1;
    int64_t area = (int64_t)(p.op.x1 - p.op.x0) * (y1 - y0);
    // Copies are bound by memory, not worth a handoff unless large.
    int64_t least = p.exact ? 16 * STRATA_SPLIT_PIXELS : STRATA_SPLIT_PIXELS;
    if (threads < 2 || area < least || y1 - y0 < 8 || !take_pool()) {
        strata_rows(&p, target, y0, y1, simd);
        return;
    }
    int32_t middle = y0 + (y1 - y0) / 2;
    job.batch = 0;
    job.prepared = &p;
    job.target = target;
    job.y0 = middle;
    job.y1 = y1;
    job.simd = simd;
    pthread_mutex_lock(&wake_lock);
    uint64_t ticket = atomic_load_explicit(&posted, memory_order_relaxed) + 1;
    atomic_store_explicit(&posted, ticket, memory_order_release);
    pthread_cond_signal(&wake);
    pthread_mutex_unlock(&wake_lock);
    strata_rows(&p, target, y0, middle, simd);
    while (atomic_load_explicit(&finished, memory_order_acquire) != ticket) strata_relax();
    pthread_mutex_unlock(&pool_use);
}

/// Posts the job to the worker; the ticket to wait for.
static uint64_t post(void) {
    pthread_mutex_lock(&wake_lock);
    uint64_t ticket = atomic_load_explicit(&posted, memory_order_relaxed) + 1;
    atomic_store_explicit(&posted, ticket, memory_order_release);
    pthread_cond_signal(&wake);
    pthread_mutex_unlock(&wake_lock);
    return ticket;
}

void strata_composite_batch(const strata_composite_op *ops, int32_t count, const strata_target *target, int32_t threads, int32_t simd) {
    if (!ops || count <= 0 || !target) return;
    strata_prepared *prepared = malloc(sizeof(strata_prepared) * (size_t)count);
    strata_target *targets = malloc(sizeof(strata_target) * (size_t)count);
    if (!prepared || !targets) {
        free(prepared);
        free(targets);
        for (int32_t i = 0; i < count; i++) strata_composite(&ops[i], target, 1, simd);
        return;
    }
    int32_t n = 0, y0 = INT32_MAX, y1 = INT32_MIN;
    int64_t area = 0;
    for (int32_t i = 0; i < count; i++) {
        targets[n] = in_frame(target, &ops[i]);
        if (!strata_prepare(&ops[i], &targets[n], &prepared[n])) continue;
        const strata_composite_op *op = &prepared[n].op;
        if (op->y0 + op->frameY < y0) y0 = op->y0 + op->frameY;
        if (op->y1 + op->frameY > y1) y1 = op->y1 + op->frameY;
        area += (int64_t)(op->x1 - op->x0) * (op->y1 - op->y0);
        n++;
    }
    if (n > 0) {
        int32_t bands = (int32_t)(((int64_t)y1 - y0 + STRATA_BAND - 1) / STRATA_BAND);
        if (threads >= 2 && bands >= 2 && area >= STRATA_SPLIT_PIXELS && take_pool()) {
            // The job is only written while the pool is held: another caller may be drawing alone.
            job.batch = prepared;
            job.targets = targets;
            job.count = n;
            job.target = target;
            job.simd = simd;
            job.bandY0 = y0;
            job.bands = bands;
            atomic_store_explicit(&job.nextBand, 0, memory_order_relaxed);
            uint64_t ticket = post();
            take_bands();
            while (atomic_load_explicit(&finished, memory_order_acquire) != ticket) strata_relax();
            job.batch = 0;
            pthread_mutex_unlock(&pool_use);
        } else {
            // Alone (one thread asked for, or the worker is another caller's): the same bands.
            for (int32_t b = 0; b < bands; b++) draw_band(prepared, targets, n, y0 + b * STRATA_BAND, y0 + (b + 1) * STRATA_BAND, simd);
        }
    }
    free(prepared);
    free(targets);
}

// Streams: a batch the worker draws while the caller is still adding to it (a frame's walk works
// out its layers' operations one by one; without a stream the worker waited for the whole list).
// The target's rows are cut into bands; each band applies the operations in order, and records
// how many it has applied; a thread works on a band only while it holds the band's flag. The
// worker brings bands up to date as operations come; at the end both threads finish them.

/// Rows a stream's band holds (more bands than a batch's: the end is shared more finely).
#define STRATA_STREAM_BAND 64
#define STRATA_STREAM_MAX_BANDS 512
#define STRATA_STREAM_CHUNK 512
#define STRATA_STREAM_CHUNKS 128

typedef struct {
    strata_prepared p;
    strata_target t;
} stream_op;

static struct {
    /// Operations in chunks that never move (the worker reads them while more are added); kept
    /// from stream to stream.
    stream_op *chunks[STRATA_STREAM_CHUNKS];
    strata_target target;
    int32_t simd, y0, bandHeight, bands;
    _Atomic int32_t published;
    _Atomic int ended;
    _Atomic int32_t done[STRATA_STREAM_MAX_BANDS];
    _Atomic int busy[STRATA_STREAM_MAX_BANDS];
    int open;
    uint64_t ticket;
} stream;

/// Brings band `b` (held) up to the first `upto` operations.
static void stream_band(int32_t b, int32_t upto) {
    int32_t from = atomic_load_explicit(&stream.done[b], memory_order_relaxed);
    int32_t y0 = stream.y0 + b * stream.bandHeight, y1 = y0 + stream.bandHeight;
    for (int32_t i = from; i < upto; i++) {
        const stream_op *o = &stream.chunks[i / STRATA_STREAM_CHUNK][i % STRATA_STREAM_CHUNK];
        int32_t fy = o->p.op.frameY;
        if (o->p.op.y1 + fy <= y0 || o->p.op.y0 + fy >= y1) continue;
        strata_rows(&o->p, &o->t, y0 - fy, y1 - fy, stream.simd);
    }
    atomic_store_explicit(&stream.done[b], upto, memory_order_release);
}

/// Works on the stream's bands until it has ended and every band has every operation.
static void stream_work(void) {
    for (;;) {
        // `ended` first: once it is set, `published` is final.
        int ended = atomic_load_explicit(&stream.ended, memory_order_acquire);
        int32_t n = atomic_load_explicit(&stream.published, memory_order_acquire);
        int pending = 0, progressed = 0;
        for (int32_t b = 0; b < stream.bands; b++) {
            if (atomic_load_explicit(&stream.done[b], memory_order_acquire) >= n) continue;
            pending = 1;
            int expected = 0;
            if (!atomic_compare_exchange_strong_explicit(&stream.busy[b], &expected, 1, memory_order_acquire, memory_order_relaxed)) continue;
            stream_band(b, n);
            atomic_store_explicit(&stream.busy[b], 0, memory_order_release);
            progressed = 1;
        }
        if (ended && !pending) return;
        if (!progressed) strata_relax();
    }
}

int32_t strata_stream_begin(const strata_target *target, int32_t simd) {
    if (!target || !target->pixels || target->width <= 0 || target->height <= 0) return 0;
    // Held until the stream ends (so also by a caller that opened one already).
    if (!take_pool()) return 0;
    stream.target = *target;
    stream.simd = simd;
    stream.y0 = target->originY;
    stream.bandHeight = STRATA_STREAM_BAND;
    if ((target->height + stream.bandHeight - 1) / stream.bandHeight > STRATA_STREAM_MAX_BANDS) {
        stream.bandHeight = (target->height + STRATA_STREAM_MAX_BANDS - 1) / STRATA_STREAM_MAX_BANDS;
    }
    stream.bands = (target->height + stream.bandHeight - 1) / stream.bandHeight;
    for (int32_t b = 0; b < stream.bands; b++) {
        atomic_store_explicit(&stream.done[b], 0, memory_order_relaxed);
        atomic_store_explicit(&stream.busy[b], 0, memory_order_relaxed);
    }
    atomic_store_explicit(&stream.published, 0, memory_order_relaxed);
    atomic_store_explicit(&stream.ended, 0, memory_order_relaxed);
    stream.open = 1;
    job.batch = 0;
    job.stream = 1;
    stream.ticket = post();
    return 1;
}

int32_t strata_stream_add(const strata_composite_op *op) {
    if (!stream.open || !op) return 0;
    int32_t n = atomic_load_explicit(&stream.published, memory_order_relaxed);
    int32_t chunk = n / STRATA_STREAM_CHUNK;
    if (chunk >= STRATA_STREAM_CHUNKS) return 0;
    if (!stream.chunks[chunk]) {
        stream.chunks[chunk] = malloc(sizeof(stream_op) * STRATA_STREAM_CHUNK);
        if (!stream.chunks[chunk]) return 0;
    }
    stream_op *o = &stream.chunks[chunk][n % STRATA_STREAM_CHUNK];
    o->t = in_frame(&stream.target, op);
    if (!strata_prepare(op, &o->t, &o->p)) return 1;  // nothing to draw
    atomic_store_explicit(&stream.published, n + 1, memory_order_release);
    return 1;
}

void strata_stream_end(void) {
    if (!stream.open) return;
    atomic_store_explicit(&stream.ended, 1, memory_order_release);
    stream_work();
    while (atomic_load_explicit(&finished, memory_order_acquire) != stream.ticket) strata_relax();
    job.stream = 0;
    stream.open = 0;
    pthread_mutex_unlock(&pool_use);
}

void strata_fill(const strata_target *target, int32_t x0, int32_t y0, int32_t x1, int32_t y1, uint32_t pixel, int32_t threads) {
    if (!target || !target->pixels || target->width <= 0 || target->height <= 0) return;
    if (x0 < target->originX) x0 = target->originX;
    if (y0 < target->originY) y0 = target->originY;
    if (x1 > target->originX + target->width) x1 = target->originX + target->width;
    if (y1 > target->originY + target->height) y1 = target->originY + target->height;
    if (x0 >= x1 || y0 >= y1) return;
    int64_t area = (int64_t)(x1 - x0) * (y1 - y0);
    if (threads < 2 || area < 16 * STRATA_SPLIT_PIXELS || y1 - y0 < 8 || !take_pool()) {
        fill_rows(target, x0, x1, y0, y1, pixel);
        return;
    }
    int32_t middle = y0 + (y1 - y0) / 2;
    job.batch = 0;
    job.fill = 1;
    job.target = target;
    job.fillX0 = x0;
    job.fillX1 = x1;
    job.fillPixel = pixel;
    job.y0 = middle;
    job.y1 = y1;
    uint64_t ticket = post();
    fill_rows(target, x0, x1, y0, middle, pixel);
    while (atomic_load_explicit(&finished, memory_order_acquire) != ticket) strata_relax();
    job.fill = 0;
    pthread_mutex_unlock(&pool_use);
}
