// The CPUs this process may run on, from its affinity mask (`taskset`, a container's cpuset).
#define _GNU_SOURCE
#include <sched.h>
#include "strata_raster.h"

int32_t strata_affinity_cpus(void) {
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof(set), &set) != 0) return 0;
    return (int32_t)CPU_COUNT(&set);
}

int32_t strata_pin_calling_thread(int32_t cpu) {
    if (cpu < 0 || cpu >= CPU_SETSIZE) return -1;
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    return sched_setaffinity(0, sizeof(set), &set) == 0 ? 0 : -1;
}
