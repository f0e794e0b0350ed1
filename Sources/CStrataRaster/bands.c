// Splitting an operation's rows between the caller and one shared worker thread (this machine
// class has two cores). The worker spins briefly between operations, which come in quick
// succession within a frame, then sleeps; a caller that finds the worker taken by another thread
// draws all rows itself (the pixels are the same either way).
#include "kernel.h"

#include <pthread.h>
#include <stdatomic.h>

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

static struct {
    const strata_prepared *prepared;
    const strata_target *target;
    int32_t y0, y1, simd;
} job;

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
        strata_rows(job.prepared, job.target, job.y0, job.y1, job.simd);
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

void strata_composite(const strata_composite_op *op, const strata_target *target, int32_t threads, int32_t simd) {
    strata_prepared p;
    if (!op || !target || !strata_prepare(op, target, &p)) return;
    int32_t y0 = p.op.y0, y1 = p.op.y1;
    int64_t area = (int64_t)(p.op.x1 - p.op.x0) * (y1 - y0);
    // Copies are bound by memory, not worth a handoff unless large.
    int64_t least = p.exact ? 16 * STRATA_SPLIT_PIXELS : STRATA_SPLIT_PIXELS;
    if (threads < 2 || area < least || y1 - y0 < 8 || pthread_mutex_trylock(&pool_use) != 0) {
        strata_rows(&p, target, y0, y1, simd);
        return;
    }
    pthread_once(&started, start_pool);
    if (!pool_ready) {
        pthread_mutex_unlock(&pool_use);
        strata_rows(&p, target, y0, y1, simd);
        return;
    }
    int32_t middle = y0 + (y1 - y0) / 2;
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
