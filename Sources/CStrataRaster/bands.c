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
    /// Non-zero: the job is a fill's rows [y0, y1) × [fillX0, fillX1) with `fillPixel`.
    int fill;
    int32_t fillX0, fillX1;
    uint32_t fillPixel;
    /// Pixels the worker skipped as hidden in its part of the job.
    int64_t hidden;
} job;

/// Band [y0, y1) (target rows) of the batch's operations, in order; the pixels skipped as hidden.
static int64_t draw_band(const strata_prepared *batch, const strata_target *targets, int32_t count, int32_t y0, int32_t y1, int32_t simd) {
    int64_t hidden = 0;
    for (int32_t i = 0; i < count; i++) {
        const strata_prepared *p = &batch[i];
        int32_t fy = p->op.frameY;
        if (p->op.y1 + fy <= y0 || p->op.y0 + fy >= y1) continue;
        hidden += strata_rows(p, &targets[i], y0 - fy, y1 - fy, simd);
    }
    return hidden;
}

/// Takes bands of the posted batch until none are left; the pixels skipped as hidden.
static int64_t take_bands(void) {
    int64_t hidden = 0;
    for (;;) {
        int32_t b = atomic_fetch_add_explicit(&job.nextBand, 1, memory_order_relaxed);
        if (b >= job.bands) return hidden;
        int32_t y0 = job.bandY0 + b * STRATA_BAND;
        hidden += draw_band(job.batch, job.targets, job.count, y0, y0 + STRATA_BAND, job.simd);
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
        if (job.fill) fill_rows(job.target, job.fillX0, job.fillX1, job.y0, job.y1, job.fillPixel);
        else if (job.batch) job.hidden = take_bands();
        else job.hidden = strata_rows(job.prepared, job.target, job.y0, job.y1, job.simd);
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

/// Posts the job to the worker; the ticket to wait for.
static uint64_t post(void) {
    pthread_mutex_lock(&wake_lock);
    uint64_t ticket = atomic_load_explicit(&posted, memory_order_relaxed) + 1;
    atomic_store_explicit(&posted, ticket, memory_order_release);
    pthread_cond_signal(&wake);
    pthread_mutex_unlock(&wake_lock);
    return ticket;
}

/// Waits for the worker to finish the job posted as `ticket`, clears the job and gives the pool
/// back; the pixels the worker skipped as hidden.
static int64_t join(uint64_t ticket) {
    while (atomic_load_explicit(&finished, memory_order_acquire) != ticket) strata_relax();
    int64_t hidden = job.hidden;
    job.batch = 0;
    job.fill = 0;
    job.hidden = 0;
    pthread_mutex_unlock(&pool_use);
    return hidden;
}

/// Draws a prepared operation, its rows split in halves between the caller and the worker when it
/// is large enough; the pixels skipped as hidden.
static int64_t draw_split(const strata_prepared *p, const strata_target *target, int32_t threads, int32_t simd) {
    int32_t y0 = p->op.y0, y1 = p->op.y1;
    int64_t area = (int64_t)(p->op.x1 - p->op.x0) * (y1 - y0);
    // Copies are bound by memory, not worth a handoff unless large.
    int64_t least = p->exact ? 16 * STRATA_SPLIT_PIXELS : STRATA_SPLIT_PIXELS;
    if (threads < 2 || area < least || y1 - y0 < 8 || !take_pool()) return strata_rows(p, target, y0, y1, simd);
    int32_t middle = y0 + (y1 - y0) / 2;
    job.batch = 0;
    job.prepared = p;
    job.target = target;
    job.y0 = middle;
    job.y1 = y1;
    job.simd = simd;
    uint64_t ticket = post();
    int64_t hidden = strata_rows(p, target, y0, middle, simd);
    return hidden + join(ticket);
}

void strata_composite(const strata_composite_op *op, const strata_target *device, int32_t threads, int32_t simd) {
    strata_prepared p;
    if (!op || !device) return;
    strata_target shifted = in_frame(device, op);
    if (!strata_prepare(op, &shifted, &p)) return;
    draw_split(&p, &shifted, threads, simd);
}

/// Draws a run of prepared operations that read their rasters row by row, in bands of target
/// rows the caller and the worker take in turn; the pixels skipped as hidden.
static int64_t draw_run(const strata_prepared *prepared, const strata_target *targets, int32_t n, int32_t threads, int32_t simd) {
    int32_t y0 = INT32_MAX, y1 = INT32_MIN;
    int64_t area = 0;
    for (int32_t i = 0; i < n; i++) {
        const strata_composite_op *op = &prepared[i].op;
        if (op->y0 + op->frameY < y0) y0 = op->y0 + op->frameY;
        if (op->y1 + op->frameY > y1) y1 = op->y1 + op->frameY;
        area += (int64_t)(op->x1 - op->x0) * (op->y1 - op->y0);
    }
    if (n <= 0) return 0;
    int32_t bands = (int32_t)(((int64_t)y1 - y0 + STRATA_BAND - 1) / STRATA_BAND);
    int64_t hidden = 0;
    if (threads >= 2 && bands >= 2 && area >= STRATA_SPLIT_PIXELS && take_pool()) {
        // The job is only written while the pool is held: another caller may be drawing alone.
        job.batch = prepared;
        job.targets = targets;
        job.count = n;
        job.simd = simd;
        job.bandY0 = y0;
        job.bands = bands;
        atomic_store_explicit(&job.nextBand, 0, memory_order_relaxed);
        uint64_t ticket = post();
        hidden = take_bands();
        hidden += join(ticket);
    } else {
        // Alone (one thread asked for, or the worker is another caller's): the same bands.
        for (int32_t b = 0; b < bands; b++) hidden += draw_band(prepared, targets, n, y0 + b * STRATA_BAND, y0 + (b + 1) * STRATA_BAND, simd);
    }
    return hidden;
}

/// Whether an operation reads its raster row by row (a copy, or a layer that only slides): runs
/// of such operations are drawn in bands; a turned layer walks its raster across rows and goes
/// faster split in two halves drawn at once (both cores on one raster).
static int reads_rows(const strata_prepared *p) {
    const strata_composite_op *op = &p->op;
    return op->filter == 0 || (op->ux == 1 && op->uy == 0 && op->vx == 0 && op->vy == 1 && !p->projective);
}

/// Later operations of a batch an operation looks at for hiders, and the most it keeps.
#define STRATA_HIDER_WINDOW 256
#define STRATA_MOST_HIDERS 64

static int boxes_meet(const strata_composite_op *op, const strata_occluder *o) {
    return op->x0 + op->frameX < o->x1 && o->x0 < op->x1 + op->frameX && op->y0 + op->frameY < o->y1
        && o->y0 < op->y1 + op->frameY;
}

/// Gives each operation the opaque parts of the later ones that meet its box (`occluders`, `has`
/// and `hiders` sized for `n`, `n`, and `n` × STRATA_MOST_HIDERS).
static void find_hiders(strata_prepared *prepared, int32_t n, strata_occluder *occluders, char *has, const strata_occluder **hiders) {
    for (int32_t i = 0; i < n; i++) has[i] = (char)strata_occluder_of(&prepared[i], &occluders[i]);
    for (int32_t i = 0; i < n; i++) {
        // A copy costs less a pixel than finding which of its pixels are hidden: only resampled
        // operations look for hiders (copies hide others all the same).
        if (prepared[i].op.filter == 0) continue;
        const strata_occluder **mine = hiders + (int64_t)i * STRATA_MOST_HIDERS;
        int32_t count = 0, last = i + STRATA_HIDER_WINDOW < n ? i + STRATA_HIDER_WINDOW : n - 1;
        for (int32_t j = i + 1; j <= last && count < STRATA_MOST_HIDERS; j++) {
            if (has[j] && boxes_meet(&prepared[i].op, &occluders[j])) mine[count++] = &occluders[j];
        }
        prepared[i].hiders = mine;
        prepared[i].hiderCount = count;
    }
}

int64_t strata_composite_batch(const strata_composite_op *ops, int32_t count, const strata_target *target, int32_t threads, int32_t simd, int32_t cull) {
    if (!ops || count <= 0 || !target) return 0;
    strata_prepared *prepared = malloc(sizeof(strata_prepared) * (size_t)count);
    strata_target *targets = malloc(sizeof(strata_target) * (size_t)count);
    if (!prepared || !targets) {
        free(prepared);
        free(targets);
        for (int32_t i = 0; i < count; i++) strata_composite(&ops[i], target, 1, simd);
        return 0;
    }
    int32_t n = 0;
    for (int32_t i = 0; i < count; i++) {
        targets[n] = in_frame(target, &ops[i]);
        if (strata_prepare(&ops[i], &targets[n], &prepared[n])) n++;
    }
    strata_occluder *occluders = 0;
    char *has = 0;
    const strata_occluder **hiders = 0;
    if (cull && n >= 2) {
        occluders = malloc(sizeof(strata_occluder) * (size_t)n);
        has = malloc((size_t)n);
        hiders = malloc(sizeof(*hiders) * (size_t)n * STRATA_MOST_HIDERS);
        // Without room to find them, nothing is hidden (the same pixels, drawn).
        if (occluders && has && hiders) find_hiders(prepared, n, occluders, has, hiders);
    }
    int64_t hidden = 0;
    for (int32_t i = 0; i < n;) {
        if (!reads_rows(&prepared[i])) {
            hidden += draw_split(&prepared[i], &targets[i], threads, simd);
            i++;
            continue;
        }
        int32_t end = i + 1;
        while (end < n && reads_rows(&prepared[end])) end++;
        hidden += draw_run(prepared + i, targets + i, end - i, threads, simd);
        i = end;
    }
    free(hiders);
    free(has);
    free(occluders);
    free(prepared);
    free(targets);
    return hidden;
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
    join(ticket);
}
